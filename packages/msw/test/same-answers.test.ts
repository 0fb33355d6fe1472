/**
 * One suite, written once, run against the reference server (real sockets) and the msw handlers:
 * the same answers, status codes and event sequences. Both setups start from the same seed and
 * manual clock, so their transcripts must be identical, ids included.
 */
import './support/websocket-global.ts';
import type { ServerEvent } from '@partner-assistant/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PartnerAssistantClient } from '../../client/src/index.ts';
import {
  call,
  channelProtocols,
  drive,
  journaledCloses,
  openChannel,
  tenantAndToken,
  watchAnswer,
} from './support/api-calls.ts';
import { type RunningSetup, SETUPS } from './support/suite-setups.ts';

/** What each setup answered, in order, to compare the two at the end. */
const transcripts = new Map<string, unknown[]>();

const QUESTION = 'How do I renew my passport?';
const turnEvents = (events: ServerEvent[]) =>
  events.map((event) => ('seq' in event ? `${event.seq} ${event.type}` : event.type));

describe.each(SETUPS)('$name', (setup) => {
  let running: RunningSetup;
  const transcript: unknown[] = [];
  const record = <T>(value: T): T => {
    transcript.push(value);
    return value;
  };
  beforeAll(async () => {
    running = await setup.start();
    transcripts.set(setup.name, transcript);
  });
  beforeEach(() => running.control.reset());
  afterAll(() => running.close());

  it('runs a REST turn: token, conversation, message, turn, history', async () => {
    const { baseUrl, control } = running;
    const { token } = await tenantAndToken(baseUrl, control);
    const auth = { bearer: token };
    const created = record(
      await call(baseUrl, 'POST', '/conversations', { credentials: auth, json: {} }),
    );
    expect(created.status).toBe(201);
    const { conversation_id: id } = created.body as { conversation_id: string };
    const sent = record(
      await call(baseUrl, 'POST', `/conversations/${id}/messages`, {
        credentials: auth,
        json: { client_message_id: 'm-1', message: QUESTION },
      }),
    );
    expect(sent.status).toBe(202);
    const turnId = (sent.body as { turn_id: string }).turn_id;
    control.clock.advance(60_000);
    const turn = record(await call(baseUrl, 'GET', `/turns/${turnId}`, { credentials: auth }));
    expect(turn.body).toMatchObject({ status: 'completed' });
    const history = record(
      await call(baseUrl, 'GET', `/conversations/${id}/messages`, { credentials: auth }),
    );
    expect((history.body as { messages: unknown[] }).messages).toHaveLength(2);
    const replay = record(
      await call(baseUrl, 'POST', `/conversations/${id}/messages`, {
        credentials: auth,
        json: { client_message_id: 'm-1', message: QUESTION },
      }),
    );
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });

  it('refuses what the API refuses, with the same status and envelope', async () => {
    const { baseUrl, control } = running;
    const { tenant, token } = await tenantAndToken(baseUrl, control);
    const readOnly = await tenantAndToken(baseUrl, control, { scopes: ['chat:read'] });
    const cases = [
      await call(baseUrl, 'GET', '/capabilities'),
      await call(baseUrl, 'POST', '/tokens', {
        credentials: { basic: [tenant.clientId, 'wrong'] },
        json: { external_user_id: 'u' },
      }),
      await call(baseUrl, 'POST', '/conversations', {
        credentials: { bearer: readOnly.token },
        json: {},
      }),
      await call(baseUrl, 'GET', '/nowhere', { credentials: { bearer: token } }),
      await call(baseUrl, 'PUT', '/capabilities', { credentials: { bearer: token } }),
      await call(baseUrl, 'POST', '/conversations', {
        credentials: { bearer: token },
        body: '{"title":',
      }),
      await call(baseUrl, 'POST', '/conversations', {
        credentials: { bearer: token },
        body: 'title',
        contentType: 'text/plain',
      }),
      await call(baseUrl, 'GET', '/chat'),
    ].map(record);
    expect(cases.map((answer) => answer.status)).toEqual([401, 401, 403, 404, 405, 422, 415, 422]);
    expect(cases[4]?.headers.allow).toBe('GET, HEAD');
  });

  it('answers an injected fault, and journals the retry', async () => {
    const { baseUrl, control } = running;
    const { tenant, token } = await tenantAndToken(baseUrl, control);
    control.faults.injectErrors({
      count: 1,
      code: 'queue_unavailable',
      retryAfterSeconds: 2,
      operation: 'createConversation',
      tenant: tenant.clientId,
    });
    const auth = { bearer: token };
    const refused = record(
      await call(baseUrl, 'POST', '/conversations', { credentials: auth, json: {} }),
    );
    expect([refused.status, refused.headers['retry-after']]).toEqual([503, '2']);
    const accepted = await call(baseUrl, 'POST', '/conversations', { credentials: auth, json: {} });
    expect(accepted.status).toBe(201);
    const entries = control.journal.entries({ operation: 'createConversation' });
    expect(record(entries.map((entry) => entry.status))).toEqual([503, 201]);
  });

  it('streams a turn over a plain WebSocket, seq without gaps', async () => {
    const { baseUrl, control } = running;
    const { token } = await tenantAndToken(baseUrl, control);
    const created = await call(baseUrl, 'POST', '/conversations', {
      credentials: { bearer: token },
      json: {},
    });
    const socket = openChannel(baseUrl, channelProtocols(token));
    socket.send({
      type: 'user.message',
      conversation_id: (created.body as { conversation_id: string }).conversation_id,
      client_message_id: 'ws-1',
      message: QUESTION,
    });
    await socket.next((event) => event.type === 'turn.accepted');
    control.clock.advance(60_000);
    await socket.next((event) => event.type === 'assistant.completed');
    const sequence = record(turnEvents(socket.events));
    expect(sequence[0]).toBe('1 turn.accepted');
    expect(sequence.at(-1)).toMatch(/^\d+ assistant\.completed$/);
    expect(sequence.map((line) => Number(line.split(' ')[0]))).toEqual(
      sequence.map((_line, index) => index + 1),
    );
    socket.close();
  });

  it('closes the channel with the same codes', async () => {
    const { baseUrl, control } = running;
    const { token } = await tenantAndToken(baseUrl, control);
    const wrongProtocol = openChannel(baseUrl, ['chat', ...channelProtocols(token)]);
    const wrongToken = openChannel(baseUrl, channelProtocols('not-a-token'));
    const open = openChannel(baseUrl, channelProtocols(token));
    open.send({ type: 'ping', id: 'p' });
    await open.next((event) => event.type === 'pong');
    control.tokens.expire(token);
    const codes = record([await wrongProtocol.closed, await wrongToken.closed, await open.closed]);
    expect(codes).toEqual([4400, 4401, 4401]);
  });

  it('drives the client SDK: a streamed answer, then one cut mid-answer', async () => {
    const { baseUrl, control } = running;
    const { tenant, token } = await tenantAndToken(baseUrl, control);
    const client = new PartnerAssistantClient({ baseUrl, token });
    const states: string[] = [];
    client.connection.on('statechange', (state) => states.push(state));
    const { conversation_id } = await client.conversations.create();
    const first = client.chat.send({ conversationId: conversation_id, message: QUESTION });
    const firstMessage = await drive(control, first.finalMessage());
    control.faults.dropAfterDelta({ afterDeltas: 1, tenant: tenant.clientId });
    const second = client.chat.send({
      conversationId: conversation_id,
      message: 'Where is the market?',
    });
    const { seen, message: secondMessage } = await watchAnswer(control, second);
    expect(seen).toBe(secondMessage.content);
    expect(states).toContain('reconnecting');
    expect(record(journaledCloses(control, tenant.clientId))).toContain(1006);
    const history: string[] = [];
    for await (const message of client.messages.list(conversation_id))
      history.push(message.content);
    expect(record(history)).toEqual([QUESTION, firstMessage.content, 'Where is the market?', seen]);
    await client.close();
  });
});

describe('both setups', () => {
  it('gave identical transcripts', () => {
    const [server, msw] = SETUPS.map((setup) => transcripts.get(setup.name));
    expect(server?.length).toBeGreaterThan(10);
    expect(msw).toEqual(server);
  });
});
