/**
 * UUIDs compare case-insensitively (RFC 9562): an id sent in upper case, as Swift's
 * `UUID().uuidString` writes it, reaches the same conversation, turn or message as its lower-case
 * form, on every route and frame, and the answers carry the canonical lower-case form. Run
 * against the reference server (real sockets) and the msw handlers.
 */
import './support/websocket-global.ts';
import type { ServerEvent } from '@partner-assistant/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type Answer,
  type Credentials,
  call,
  channelProtocols,
  drive,
  openChannel,
  tenantAndToken,
} from './support/api-calls.ts';
import { type RunningSetup, SETUPS } from './support/suite-setups.ts';

const LOWER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A conversation id as an iOS app generates it. */
const SWIFT_ID = '3F9A7C2E-5B1D-4E8F-A6C0-9D2B7E4F1A35';

/** Every `*_id` a value carries (`client_message_id` aside), at any depth. */
function uuidFieldsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(uuidFieldsOf);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([field, inner]) =>
    field.endsWith('_id') && field !== 'client_message_id' && typeof inner === 'string'
      ? [inner]
      : uuidFieldsOf(inner),
  );
}

describe.each(SETUPS)('$name', (setup) => {
  let running: RunningSetup;
  let bearer: Credentials;
  const answers: Answer[] = [];
  const api = async (method: string, path: string, json?: unknown) => {
    const answer = await call(running.baseUrl, method, path, {
      credentials: bearer,
      ...(json === undefined ? {} : { json }),
    });
    answers.push(answer);
    return answer;
  };
  /** Sends a message and lets its turn end; returns the turn id as the server wrote it. */
  const endedTurn = async (conversationId: string, clientMessageId: string) => {
    const sent = await api('POST', `/conversations/${conversationId}/messages`, {
      client_message_id: clientMessageId,
      message: 'How do I renew my passport?',
    });
    expect(sent.status).toBe(202);
    running.control.clock.advance(60_000);
    return (sent.body as { turn_id: string }).turn_id;
  };

  beforeAll(async () => {
    running = await setup.start();
  });
  beforeEach(async () => {
    running.control.reset();
    answers.length = 0;
    bearer = { bearer: (await tenantAndToken(running.baseUrl, running.control)).token };
  });
  afterAll(() => running.close());

  it('resumes a conversation created in upper case with either case, without a duplicate', async () => {
    const created = await api('POST', '/conversations', { conversation_id: SWIFT_ID });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ conversation_id: SWIFT_ID.toLowerCase() });
    for (const id of [SWIFT_ID, SWIFT_ID.toLowerCase()]) {
      const resumed = await api('POST', '/conversations', { conversation_id: id });
      expect(resumed.status).toBe(200);
      expect(resumed.body).toEqual(created.body);
    }
    const turnId = await endedTurn(SWIFT_ID.toLowerCase(), 'from-android');
    const history = await api('GET', `/conversations/${SWIFT_ID}/messages`);
    expect((history.body as { messages: Array<{ turn_id: string }> }).messages).toEqual([
      expect.objectContaining({ turn_id: turnId }),
      expect.objectContaining({ turn_id: turnId }),
    ]);
  });

  it('reaches the same resources on every route with upper-case ids, and answers in lower case', async () => {
    const created = await api('POST', '/conversations', {});
    const id = (created.body as { conversation_id: string }).conversation_id.toUpperCase();
    const turnId = await endedTurn(id, 'm-1');
    const turn = await api('GET', `/turns/${turnId.toUpperCase()}`);
    expect(turn.status).toBe(200);
    const assistant = (turn.body as { assistant_message: { message_id: string } })
      .assistant_message;
    expect((await api('GET', `/conversations/${id}/messages?limit=10`)).status).toBe(200);
    const feedback = `/messages/${assistant.message_id.toUpperCase()}/feedback`;
    expect((await api('POST', feedback, { rating: 'up' })).status).toBe(200);
    expect((await api('PATCH', `/conversations/${id}`, { title: 'Passport' })).status).toBe(200);
    expect((await api('DELETE', `/turns/${turnId.toUpperCase()}`)).status).toBe(200);
    expect((await api('DELETE', `/conversations/${id}`)).status).toBe(200);
    expect((await api('GET', `/conversations/${id.toLowerCase()}/messages`)).status).toBe(404);
    const ids = answers.flatMap((answer) => uuidFieldsOf(answer.body));
    expect(ids.length).toBeGreaterThan(20);
    for (const value of ids) expect(value).toMatch(LOWER_ID);
  });

  it('keeps client_message_id as sent: a key in another case is another message', async () => {
    const created = await api('POST', '/conversations', { conversation_id: SWIFT_ID });
    expect(created.status).toBe(201);
    const first = await endedTurn(SWIFT_ID, 'msg-1');
    const replay = await api('POST', `/conversations/${SWIFT_ID.toLowerCase()}/messages`, {
      client_message_id: 'msg-1',
      message: 'How do I renew my passport?',
    });
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toMatchObject({ turn_id: first });
    const other = await endedTurn(SWIFT_ID, 'MSG-1');
    expect(other).not.toBe(first);
  });

  it('follows user.message and turn.subscribe frames that carry upper-case ids', async () => {
    const created = await api('POST', '/conversations', { conversation_id: SWIFT_ID });
    expect(created.status).toBe(201);
    const token = (bearer as { bearer: string }).bearer;
    const channel = openChannel(running.baseUrl, channelProtocols(token));
    channel.send({
      type: 'user.message',
      conversation_id: SWIFT_ID,
      client_message_id: 'ws-1',
      message: 'How do I renew my passport?',
    });
    const isCompleted = (event: ServerEvent) => event.type === 'assistant.completed';
    const completed = await drive(running.control, channel.next(isCompleted));
    expect(completed).toMatchObject({ conversation_id: SWIFT_ID.toLowerCase() });
    const turnId = (completed as { turn_id: string }).turn_id;
    channel.send({ type: 'turn.subscribe', turn_id: turnId.toUpperCase() });
    const snapshot = await channel.next((event) => event.type === 'turn.snapshot');
    expect(snapshot).toMatchObject({ turn_id: turnId, turn: { status: 'completed' } });
    expect(channel.events.some((event) => event.type === 'frame.rejected')).toBe(false);
    for (const value of uuidFieldsOf(channel.events)) expect(value).toMatch(LOWER_ID);
    channel.close();
  });
});
