import { describe, expect, it } from 'vitest';
import {
  type ConnectionState,
  isPartnerApiError,
  isPartnerTurnError,
  type TurnStream,
} from '../../src/index.ts';
import { clientFor, createTenant, until, useReferenceServer } from '../support/reference-server.ts';
import { switchableWebSocket } from '../support/switchable-websocket.ts';

const env = useReferenceServer({ processingMs: 80 });

/** A client with real waits (REST fallback polls for real). */
function realtimeClient(options: Parameters<typeof clientFor>[2] = {}) {
  const result = clientFor(env.server, env.tenant, { sleep: undefined, ...options });
  const states: ConnectionState[] = [];
  result.client.connection.on('statechange', (state) => states.push(state));
  return { ...result, states };
}

/** Collects what a user would see: the text built from deltas, and the final message. */
async function outcome(stream: TurnStream) {
  let seen = '';
  stream.on('delta', (text) => {
    seen += text;
  });
  const final = await stream.finalMessage();
  return { seen, final };
}

function onFirstDelta(stream: TurnStream, act: () => void) {
  const stop = stream.on('delta', () => {
    stop();
    act();
  });
}

describe('recovery over real sockets', () => {
  it('dropSockets mid-answer: reconnects at once, resubscribes, the answer is complete and shown once', async () => {
    const { client, states } = realtimeClient();
    const { conversation_id } = await client.conversations.create();
    const stream = client.chat.send({
      conversationId: conversation_id,
      message: 'What documents do I need for a passport?',
    });
    onFirstDelta(stream, () =>
      env.server.control.faults.dropSockets({ tenant: env.tenant.clientId }),
    );
    const { seen, final } = await outcome(stream);
    expect(seen).toBe(final.content);
    expect(states).toEqual(['connecting', 'open', 'reconnecting', 'open']);
    await client.close();
  });

  it('dropAfterDelta: the server cuts the socket after delta 1; the snapshot fills in the rest', async () => {
    const { client } = realtimeClient();
    const { conversation_id } = await client.conversations.create();
    env.server.control.faults.dropAfterDelta({ afterDeltas: 1, tenant: env.tenant.clientId });
    const stream = client.chat.send({
      conversationId: conversation_id,
      message: 'How do I register a birth?',
    });
    const snapshots: string[] = [];
    stream.on('snapshot', (content) => snapshots.push(content));
    const { seen, final } = await outcome(stream);
    expect(snapshots.length).toBeGreaterThan(0);
    expect(seen).toBe(final.content);
    await client.close();
  });

  it.each(['expire', 'revoke'] as const)(
    'token %s while open: one fresh token, reconnect, the answer completes',
    async (how) => {
      const { client, tokenCalls } = realtimeClient();
      const { conversation_id } = await client.conversations.create();
      const stream = client.chat.send({
        conversationId: conversation_id,
        message: 'When does the library open?',
      });
      onFirstDelta(stream, () =>
        env.server.control.tokens[how](tokenCalls.at(-1)?.access_token ?? ''),
      );
      const { seen, final } = await outcome(stream);
      expect(seen).toBe(final.content);
      expect(tokenCalls).toHaveLength(2);
      await client.close();
    },
  );

  it('failNextTurns: finalMessage rejects with PartnerTurnError', async () => {
    const { client } = realtimeClient();
    const { conversation_id } = await client.conversations.create();
    env.server.control.faults.failNextTurns(1, { tenant: env.tenant.clientId });
    const stream = client.chat.send({ conversationId: conversation_id, message: 'Anything?' });
    expect(isPartnerTurnError(await stream.finalMessage().catch((e: unknown) => e))).toBe(true);
    await client.close();
  });

  it('socket gone for longer than the recovery window: the turn is read over REST (with injected latency) and still completes', async () => {
    const network = switchableWebSocket();
    const { client } = realtimeClient({ WebSocket: network.WebSocket, recoveryWindowMs: 150 });
    const { conversation_id } = await client.conversations.create();
    env.server.control.faults.setLatency({ ms: 100 }, { tenant: env.tenant.clientId });
    const stream = client.chat.send({
      conversationId: conversation_id,
      message: 'Is the pool open on Sunday?',
    });
    onFirstDelta(stream, () => {
      network.control.blocked = true;
      env.server.control.faults.dropSockets({ tenant: env.tenant.clientId });
    });
    const { seen, final } = await outcome(stream);
    expect(seen).toBe(final.content);
    expect(client.connection.state).not.toBe('open');
    env.server.control.faults.setLatency(null, { tenant: env.tenant.clientId });
    await client.close();
  });

  it('a message sent while the socket cannot open is sent over REST with the same key: one turn', async () => {
    const network = switchableWebSocket();
    network.control.blocked = true;
    const { client } = realtimeClient({ WebSocket: network.WebSocket, recoveryWindowMs: 100 });
    const { conversation_id } = await client.conversations.create();
    const stream = client.chat.send({
      conversationId: conversation_id,
      message: 'Offline question?',
    });
    const { seen, final } = await outcome(stream);
    expect(seen).toBe(final.content);
    const users = (await client.messages.list(conversation_id)).messages.filter(
      (m) => m.role === 'user',
    );
    expect(users).toHaveLength(1);
    await client.close();
  });
});

describe('a question asked while the API is unreachable', () => {
  it('waits (status waiting, with the reason), then is sent once when the API is back: one turn', async () => {
    const network = switchableWebSocket();
    let down = false;
    let refused = 0;
    const fetch: typeof globalThis.fetch = (input, init) => {
      if (!down) return globalThis.fetch(input, init);
      refused++;
      return Promise.reject(new TypeError('fetch failed'));
    };
    const { client } = realtimeClient({
      WebSocket: network.WebSocket,
      fetch,
      maxRetries: 0,
      recoveryWindowMs: 100,
      reconnectBackoff: () => 50,
    });
    const { conversation_id } = await client.conversations.create();
    network.control.blocked = down = true;
    const stream = client.chat.send({ conversationId: conversation_id, message: 'Still there?' });
    const changes: [string, string | undefined][] = [];
    stream.on('statechange', (status, reason) => changes.push([status, reason?.name]));
    await until(() => refused >= 3); // REST tried, and tried again: the question still waits
    expect(stream.status).toBe('waiting');
    expect(changes[0]).toEqual(['waiting', expect.stringMatching(/Error$/)]);
    network.control.blocked = down = false;
    const { seen, final } = await outcome(stream);
    expect(seen).toBe(final.content);
    const users = (await client.messages.list(conversation_id)).messages.filter(
      (m) => m.role === 'user',
    );
    expect(users).toHaveLength(1);
    expect(changes.map(([status]) => status)).toContain('completed');
    await client.close();
  });
});

describe('refusals', () => {
  it('a token without chat:read: closed (4403), the stream fails with insufficient_scope, no retry', async () => {
    const noRead = createTenant(env.server, { scopes: ['chat:write'] });
    const { client } = clientFor(env.server, noRead, { sleep: undefined });
    const stream = client.chat.send({ conversationId: crypto.randomUUID(), message: 'Hello?' });
    const error = await stream.finalMessage().catch((e: unknown) => e);
    expect(isPartnerApiError(error, 'insufficient_scope')).toBe(true);
    expect(error).toMatchObject({ status: 403 });
    expect(client.connection.state).toBe('closed');
  });

  it('a plain token the server refuses: 4401, nothing to refresh, closed with unauthorized', async () => {
    const { client } = clientFor(env.server, env.tenant, {
      token: 'pat_unknown_token',
      sleep: undefined,
    });
    const error = await client.chat
      .send({ conversationId: crypto.randomUUID(), message: 'Hi' })
      .finalMessage()
      .catch((e: unknown) => e);
    expect(isPartnerApiError(error, 'unauthorized')).toBe(true);
    expect(client.connection.state).toBe('closed');
  });
});
