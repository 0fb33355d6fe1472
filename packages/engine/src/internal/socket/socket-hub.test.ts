import { WEBSOCKET_SUBPROTOCOL } from '@partner-assistant/contract';
import { describe, expect, it } from 'vitest';
import { engineFixture } from '../runtime/engine-fixture.test-support.ts';

describe('socket hub', () => {
  it('refuses a connection with the close code the channel documents', () => {
    const { token, openSocket } = engineFixture();
    expect(openSocket(['chat', token]).ending.closed).toBe(4400);
    expect(openSocket([WEBSOCKET_SUBPROTOCOL, token], `token=${token}`).ending.closed).toBe(4400);
    expect(openSocket([WEBSOCKET_SUBPROTOCOL, 'nope']).ending.closed).toBe(4401);
    const writeOnly = engineFixture({ scopes: ['chat:write'] });
    expect(writeOnly.openSocket().ending.closed).toBe(4403);
  });

  it('refuses a connection over the request rate with 4429, until the minute window turns', () => {
    const { clock, openSocket } = engineFixture({ requestsPerMinute: 3 });
    for (let index = 0; index < 2; index++) openSocket().session.closed();
    expect(openSocket().ending.closed).toBe(4429);
    clock.advance(60_000);
    expect(openSocket().ending.closed).toBeUndefined();
  });

  it('closes a socket with 4401 when its token expires on the clock', () => {
    const { clock, openSocket } = engineFixture();
    const socket = openSocket();
    socket.send({ type: 'ping', id: 'p' });
    expect(socket.events).toEqual([{ type: 'pong', id: 'p' }]);
    clock.advance(24 * 60 * 60 * 1000);
    expect(socket.ending.closed).toBe(4401);
  });

  it('rejects a frame the caller gate refuses, keeps the socket, and closes on a frame over 64 KiB', () => {
    const readOnly = engineFixture({ scopes: ['chat:read'] });
    const socket = readOnly.openSocket();
    socket.send({
      type: 'user.message',
      conversation_id: readOnly.conversationId ?? crypto.randomUUID(),
      client_message_id: 'a',
      message: 'hello',
    });
    const [rejected] = socket.events;
    expect(rejected?.type === 'frame.rejected' && rejected.error.code).toBe('insufficient_scope');
    expect(socket.ending.closed).toBeUndefined();
    socket.session.receive('x'.repeat(70_000));
    expect(socket.ending.closed).toBe(1009);
  });

  it('closes on a frame over 64 KiB of UTF-8 that is shorter in characters, not on one just under', () => {
    const { openSocket } = engineFixture();
    const under = openSocket();
    under.session.receive('é'.repeat(32_768));
    expect(under.ending.closed).toBeUndefined();
    expect(under.types()).toEqual(['frame.rejected']);
    const over = openSocket();
    over.session.receive('é'.repeat(32_769));
    expect(over.ending.closed).toBe(1009);
  });
});
