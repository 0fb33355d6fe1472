import { describe, expect, it } from 'vitest';
import {
  type ConnectionState,
  type ConnectionStateChange,
  isPartnerTokenProviderError,
  type RecoveryPath,
  type TurnStream,
  type WebSocketConstructor,
} from '../../src/index.ts';
import type { Timers } from '../../src/realtime/platform.ts';
import { countedTimers } from '../support/counted-timers.ts';
import {
  clientFor,
  failureOf,
  isMinimalProfile,
  issueToken,
  StandardWebSocket,
  until,
  useReferenceServer,
} from '../support/reference-server.ts';
import { switchableWebSocket } from '../support/switchable-websocket.ts';

const env = useReferenceServer({ processingMs: 80 });

function watched(options: Parameters<typeof clientFor>[2] = {}, timers?: Timers) {
  const result = clientFor(env.server, env.tenant, { sleep: undefined, ...options }, timers);
  const changes: [ConnectionState, ConnectionStateChange][] = [];
  result.client.connection.on('statechange', (state, change) => changes.push([state, change]));
  return { ...result, changes };
}

const drop = () => env.server.control.faults.dropSockets({ tenant: env.tenant.clientId });

async function recoveredVia(stream: TurnStream) {
  const via: RecoveryPath[] = [];
  stream.on('recovered', (path) => via.push(path));
  let seen = '';
  stream.on('delta', (text) => {
    seen += text;
  });
  const final = await stream.finalMessage();
  expect(seen).toBe(final.content);
  return via;
}

describe('client.connection explains itself', () => {
  it('after dropSockets, statechange carries the previous state, the reason and the wait', async () => {
    const { client, changes } = watched();
    client.connection.connect();
    await until(() => client.connection.state === 'open');
    drop();
    await until(() => changes.length >= 4);
    const [state, change] = changes[2] ?? [];
    expect(state).toBe('reconnecting');
    expect(change).toMatchObject({ previous: 'open', attempt: 1 });
    expect(change?.reason?.name).toBe('PartnerNetworkError');
    expect(change?.reason?.message).toContain('1006');
    expect(typeof change?.retryInMs).toBe('number');
    expect(client.connection.lastError).toBe(change?.reason);
    expect(changes[3]?.[0]).toBe('open');
    expect(changes[3]?.[1]).toMatchObject({ previous: 'reconnecting', attempt: 1 });
    expect(client.connection.retryInMs).toBeUndefined();
    await client.close();
  });

  it('retryInMs counts down while handshakes are refused, and is gone once open again', async () => {
    const network = switchableWebSocket();
    const { client } = watched({ WebSocket: network.WebSocket, reconnectBackoff: () => 700 });
    client.connection.connect();
    await until(() => client.connection.state === 'open');
    network.control.blocked = true;
    drop();
    await until(() => (client.connection.retryInMs ?? 0) > 400);
    expect(client.connection.state).toBe('reconnecting');
    const first = client.connection.retryInMs ?? 0;
    // It counts down, not to zero at once: read again until it has moved.
    await until(() => client.connection.retryInMs !== first, 10_000);
    const later = client.connection.retryInMs ?? Infinity;
    expect(later).toBeLessThan(first);
    expect(later).toBeGreaterThan(0);
    network.control.blocked = false;
    client.connection.connect(); // "Try again": the planned attempt is made at once
    await until(() => client.connection.state === 'open', 4000);
    expect(client.connection.retryInMs).toBeUndefined();
    await client.close();
  });
});

describe("a stream's recovered event", () => {
  it("'subscribe': the socket dropped mid-answer, the new socket resubscribed", async () => {
    const { client } = watched();
    const { conversation_id } = await client.conversations.create();
    const stream = client.chat.send({ conversationId: conversation_id, message: 'Passport?' });
    const stop = stream.on('delta', () => {
      stop();
      drop();
    });
    expect(await recoveredVia(stream)).toEqual(['subscribe']);
    await client.close();
  });

  it("'resend': the message was lost with the socket, sent again with the same key", async () => {
    let lost = false;
    class Lossy extends (StandardWebSocket as unknown as typeof WebSocket) {
      override send(data: string): void {
        if (!lost && data.includes('"user.message"')) {
          lost = true;
          setTimeout(drop, 0);
          return;
        }
        super.send(data);
      }
    }
    const { client } = watched({ WebSocket: Lossy as unknown as WebSocketConstructor });
    const { conversation_id } = await client.conversations.create();
    const stream = client.chat.send({ conversationId: conversation_id, message: 'Library?' });
    expect(await recoveredVia(stream)).toEqual(['resend']);
    expect(lost).toBe(true);
    await client.close();
  });

  it("'rest': the socket stayed away longer than the recovery window", async () => {
    const network = switchableWebSocket();
    const { client } = watched({ WebSocket: network.WebSocket, recoveryWindowMs: 150 });
    const { conversation_id } = await client.conversations.create();
    const stream = client.chat.send({ conversationId: conversation_id, message: 'Pool?' });
    const stop = stream.on('delta', () => {
      stop();
      network.control.blocked = true;
      drop();
    });
    expect(await recoveredVia(stream)).toEqual(['rest']);
    await client.close();
  });

  it('a question the socket never carried goes over REST, and accepted still names its message', async () => {
    const network = switchableWebSocket();
    network.control.blocked = true;
    const { client } = watched({ WebSocket: network.WebSocket, recoveryWindowMs: 150 });
    const { conversation_id } = await client.conversations.create();
    const stream = client.chat.send({ conversationId: conversation_id, message: 'Tram?' });
    const accepted = new Promise<[string, string | undefined]>((resolve) =>
      stream.on('accepted', (turnId, userMessageId) => resolve([turnId, userMessageId])),
    );
    const final = await stream.finalMessage();
    const [turnId, userMessageId] = await accepted;
    expect(turnId).toBe(final.turn_id);
    const history = await client.messages.list(conversation_id);
    const [question, answer] = history.messages;
    expect(history.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(answer?.message_id).toBe(final.message_id);
    // The REST send answer names the question's message by our decision only: a server that
    // answers what the specification shows leaves it out, and `accepted` says so.
    expect(userMessageId).toBe(isMinimalProfile() ? undefined : question?.message_id);
    expect(client.connection.state).not.toBe('open');
    await client.close();
  });
});

describe('sign-out', () => {
  it('a provider resolving null closes for good: signed_out everywhere, no further provider calls', async () => {
    let signedIn = true;
    let calls = 0;
    const externalUserId = `user-${crypto.randomUUID()}`;
    const tokens: string[] = [];
    const timers = countedTimers();
    const { client, changes } = watched(
      {
        token: async () => {
          calls++;
          if (!signedIn) return null;
          const token = await issueToken(env.server, env.tenant, externalUserId);
          tokens.push(token.access_token);
          return token;
        },
      },
      timers,
    );
    const { conversation_id } = await client.conversations.create();
    const stream = client.chat.send({ conversationId: conversation_id, message: 'Hours?' });
    const stop = stream.on('delta', () => {
      stop();
      signedIn = false;
      env.server.control.tokens.revoke(tokens.at(-1) ?? '');
    });
    const streamError = await failureOf(stream.finalMessage());
    expect(isPartnerTokenProviderError(streamError)).toBe(true);
    expect(streamError).toMatchObject({ failure: 'signed_out' });
    expect(client.connection.state).toBe('closed');
    expect(client.connection.lastError).toBe(streamError);
    expect(changes.at(-1)?.[1].reason).toBe(streamError);
    const callsAtSignOut = calls;

    const restError = await failureOf(client.conversations.create());
    expect(restError).toMatchObject({ name: 'PartnerTokenProviderError', failure: 'signed_out' });
    const again = client.chat.send({ conversationId: conversation_id, message: 'Still there?' });
    expect(await failureOf(again.finalMessage())).toBe(streamError);
    // No timer of the client left to fire: nothing can ask the provider any more.
    await until(() => timers.live.size === 0, 10_000);
    expect(calls).toBe(callsAtSignOut);
    expect(client.connection.state).toBe('closed');

    signedIn = true;
    client.connection.connect();
    await until(() => client.connection.state === 'open');
    expect(calls).toBe(callsAtSignOut + 1);
    await client.close();
  });
});
