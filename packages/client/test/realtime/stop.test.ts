import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isPartnerError,
  PartnerAssistantClient,
  type TurnStream,
  type TurnStreamEvents,
} from '../../src/index.ts';
import {
  clientFor,
  failureOf,
  issueToken,
  StandardWebSocket,
  until,
  useReferenceServer,
} from '../support/reference-server.ts';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.ts';

const env = useReferenceServer({ processingMs: 60 });
let proxy: TcpProxy;
beforeAll(async () => {
  proxy = await startTcpProxy(env.server.url);
});
afterAll(() => proxy.close());

const EVENTS: (keyof TurnStreamEvents)[] = [
  'accepted',
  'statechange',
  'status',
  'delta',
  'snapshot',
  'recovered',
  'event',
  'completed',
  'error',
];

/** Every event `stream` delivers from now on, by name. */
function heard(stream: TurnStream): string[] {
  const names: string[] = [];
  for (const name of EVENTS) stream.on(name, () => names.push(name));
  return names;
}

/** Every event of `stream`, read by an iterator until it ends (or throws). */
async function iterated(stream: TurnStream): Promise<string[]> {
  const types: string[] = [];
  for await (const event of stream) types.push(event.type);
  return types;
}

describe('TurnStream#stop() against the reference server', () => {
  it('stops mid-answer: nothing more arrives, the text stays, every promise settles; the history later holds the whole answer', async () => {
    const { client } = clientFor(env.server, env.tenant);
    const { conversation_id } = await client.conversations.create();
    const stream = client.chat.send({
      conversationId: conversation_id,
      message: 'How do I renew my passport?',
    });
    const reading = iterated(stream);
    let after: string[] = [];
    const states: string[] = [];
    stream.on('statechange', (status) => states.push(status));
    stream.on('delta', () => {
      if (stream.status === 'stopped') return;
      stream.stop(); // inside the first delta: the server has the rest still to stream
      after = heard(stream);
    });
    const stopped = await failureOf(stream.finalMessage());
    expect(isPartnerError(stopped) && stopped.name).toBe('AbortError');
    const turnId = await stream.turnId;
    const partial = stream.text;
    expect(partial.length).toBeGreaterThan(0);
    expect(stream.status).toBe('stopped');
    expect(states.at(-1)).toBe('stopped');
    const types = await reading; // ends: no throw
    expect(types.at(-1)).toBe('assistant.delta');
    // The API goes on: once it has finished, nothing of it reached the stream.
    const turn = await client.turns.wait(turnId, { pollIntervalMs: 20 });
    expect(turn.status).toBe('completed');
    stream.stop(); // a second stop does nothing
    expect(after).toEqual([]);
    expect(stream.text).toBe(partial);
    const history = await client.messages.list(conversation_id);
    const answer = history.messages.at(-1);
    expect(answer?.role).toBe('assistant');
    expect(answer?.content.startsWith(partial)).toBe(true);
    expect(answer?.content.length).toBeGreaterThan(partial.length);
    await client.close();
  });

  it('does nothing once the turn completed', async () => {
    const { client } = clientFor(env.server, env.tenant);
    const { conversation_id } = await client.conversations.create();
    const stream = client.chat.send({ conversationId: conversation_id, message: 'Open today?' });
    const final = await stream.finalMessage();
    const after = heard(stream);
    stream.stop();
    expect(stream.status).toBe('completed');
    expect(stream.text).toBe(final.content);
    expect(await stream.finalMessage()).toBe(final);
    expect(after).toEqual([]);
    await client.close();
  });

  it('withdraws a question waiting for the network: it never reaches the server once the network returns', async () => {
    const externalUserId = `user-${crypto.randomUUID()}`;
    const client = new PartnerAssistantClient({
      baseUrl: proxy.url,
      token: () => issueToken(env.server, env.tenant, externalUserId),
      WebSocket: StandardWebSocket,
      reconnectBackoff: () => 20,
      sleep: async () => {},
    });
    const { conversation_id } = await client.conversations.create();
    proxy.cut();
    const stream = client.chat.send({ conversationId: conversation_id, message: 'Never mind' });
    await until(() => stream.status === 'waiting');
    stream.stop();
    expect(isPartnerError(await failureOf(stream.turnId))).toBe(true);
    expect((await failureOf(stream.finalMessage())) as Error).toMatchObject({ name: 'AbortError' });
    expect(stream.status).toBe('stopped');
    proxy.restore();
    // A question asked after the network returned is answered; the withdrawn one would have left
    // first, at the opening.
    const later = client.chat.send({ conversationId: conversation_id, message: 'Still open?' });
    await later.finalMessage();
    const history = await client.messages.list(conversation_id);
    expect(history.messages.map((m) => m.content).slice(0, 1)).toEqual(['Still open?']);
    expect(history.messages).toHaveLength(2);
    await client.close();
  });
});
