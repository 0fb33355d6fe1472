/**
 * The minimal profile answers only what the specification shows: each answer and event carries
 * exactly the fields of the specification's text (the table below, written from it by hand), no
 * header that only our decisions add, and ids in upper case. What the specification leaves open
 * (the turn beyond its five fields, the payloads of turn events, `seq`) stays as we decided it.
 * Run against the reference server (real sockets) and the msw handlers.
 */
import './support/websocket-global.ts';
import { PATH_PREFIX, type ServerEvent } from '@partner-assistant/contract';
import { SIMULATE_ERROR_MARKER } from '@partner-assistant/engine/transport';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { channelProtocols, drive, openChannel } from './support/api-calls.ts';
import { type RunningSetup, SETUPS } from './support/suite-setups.ts';

const MESSAGE = [
  'message_id',
  'turn_id',
  'role',
  'content',
  'status',
  'created_at',
  'cards',
  'visualizations',
  'suggested_actions',
];
/** Routing fields of turn events: not shown by the specification, so ours stay. */
const ROUTING = ['type', 'turn_id', 'conversation_id', 'seq'];
const within = (parent: string, fields: string[]) => [
  parent,
  ...fields.map((field) => `${parent}.${field}`),
];

/** The fields the specification shows, per answer and event (sections Resources, Endpoints, Events, Errors). */
const SPEC_FIELDS = {
  issueToken: [
    'access_token',
    'token_type',
    'expires_in',
    'expires_at',
    'scopes',
    ...within('user', ['id']),
  ],
  createConversation: ['conversation_id', 'title', 'created_at'],
  renameConversation: ['conversation_id', 'title', 'updated_at'],
  deleteConversation: ['deleted', 'conversation_id'],
  sendMessage: ['turn_id', 'conversation_id', 'status', 'created_at', 'updated_at'],
  listMessages: ['messages', ...MESSAGE.map((field) => `messages[].${field}`)],
  deleteTurn: ['deleted', 'turn_id', 'conversation_id', 'user_message_id', 'assistant_message_id'],
  submitFeedback: ['success', ...within('feedback', ['rating'])],
  eraseUser: ['deleted'],
  getCapabilities: [
    'api_version',
    ...within('partner', ['id', 'name']),
    'environment',
    'locales',
    'capabilities',
    ...within('limits', [
      'message_characters',
      'requests_per_minute',
      'concurrent_turns',
      'daily_messages',
    ]),
  ],
  error: within('error', ['code', 'message', 'retryable', 'request_id']),
  'assistant.status': [...ROUTING, 'label'],
  'assistant.delta': [...ROUTING, 'text'],
  'assistant.completed': [...ROUTING, ...within('message', MESSAGE)],
  'assistant.error': [...ROUTING, ...within('error', ['message'])],
} as const;

/** Headers only our decisions add (`docs/reference/decisions.md`). */
const DECISION_HEADERS = [
  'x-request-id',
  'retry-after',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'idempotent-replayed',
];

/** Fields whose elements the specification does not show. */
const OPAQUE = new Set(['cards', 'visualizations', 'suggested_actions']);

/** Every field path of a JSON value, sorted: `a`, `a.b`, `list[].c` (elements merged). */
function fieldPaths(value: unknown, prefix = ''): string[] {
  const paths = new Set<string>();
  const walk = (inner: unknown, at: string) => {
    if (Array.isArray(inner)) {
      for (const element of inner) walk(element, `${at}[]`);
      return;
    }
    if (inner === null || typeof inner !== 'object') return;
    for (const [field, child] of Object.entries(inner)) {
      const path = at ? `${at}.${field}` : field;
      paths.add(path);
      if (!OPAQUE.has(field)) walk(child, path);
    }
  };
  walk(value, prefix);
  return [...paths].sort();
}

const UPPER_ID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;

/** Every id the service issued in a value: `*_id` (not the client's), `user.id`, `partner.id`. */
function issuedIds(value: unknown, holder = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((element) => issuedIds(element));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([field, inner]) => {
    const isId =
      (field.endsWith('_id') && field !== 'client_message_id') ||
      (field === 'id' && (holder === 'user' || holder === 'partner'));
    return isId && typeof inner === 'string' ? [inner] : issuedIds(inner, field);
  });
}

interface Reply {
  status: number;
  headers: string[];
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON fields.
  body: any;
}

describe.each(SETUPS)('$name, minimal profile', (setup) => {
  let running: RunningSetup;
  let token: string;
  let tenant: { clientId: string; clientSecret: string };
  const replies: Reply[] = [];
  const api = async (
    method: string,
    path: string,
    options: { json?: unknown; basic?: boolean } = {},
  ): Promise<Reply> => {
    const headers: Record<string, string> = {
      Authorization: options.basic
        ? `Basic ${btoa(`${tenant.clientId}:${tenant.clientSecret}`)}`
        : `Bearer ${token}`,
    };
    if (options.json !== undefined) headers['Content-Type'] = 'application/json';
    const body = options.json === undefined ? undefined : JSON.stringify(options.json);
    const response = await fetch(`${running.baseUrl}${PATH_PREFIX}${path}`, {
      method,
      headers,
      body,
    });
    const text = await response.text();
    const reply = {
      status: response.status,
      headers: [...response.headers.keys()].map((name) => name.toLowerCase()),
      body: text ? JSON.parse(text) : undefined,
    };
    replies.push(reply);
    return reply;
  };
  const expectSpecFields = (reply: { body: unknown }, fields: readonly string[]) =>
    expect(fieldPaths(reply.body)).toEqual([...fields].sort());
  const sendMessage = (conversationId: string, clientMessageId: string, message: string) =>
    api('POST', `/conversations/${conversationId}/messages`, {
      json: { client_message_id: clientMessageId, message },
    });

  beforeAll(async () => {
    running = await setup.start({ profile: 'minimal' });
  });
  beforeEach(async () => {
    running.control.reset();
    replies.length = 0;
    tenant = running.control.tenants.create();
    const issued = await api('POST', '/tokens', {
      basic: true,
      json: { external_user_id: 'user-1' },
    });
    token = issued.body.access_token;
  });
  afterAll(() => running.close());

  it('answers each operation with exactly the fields the specification shows', async () => {
    expectSpecFields(replies[0] as Reply, SPEC_FIELDS.issueToken);
    const created = await api('POST', '/conversations', { json: { title: 'Passport' } });
    expectSpecFields(created, SPEC_FIELDS.createConversation);
    const id: string = created.body.conversation_id;
    const resumed = await api('POST', '/conversations', { json: { conversation_id: id } });
    expectSpecFields(resumed, SPEC_FIELDS.createConversation);
    const question = 'How do I renew my passport?';
    const sent = await sendMessage(id, 'm-1', question);
    expect(sent.status).toBe(202);
    expectSpecFields(sent, SPEC_FIELDS.sendMessage);
    running.control.clock.advance(60_000);
    const replay = await sendMessage(id, 'm-1', question);
    expectSpecFields(replay, SPEC_FIELDS.sendMessage);
    const turn = await api('GET', `/turns/${sent.body.turn_id}`);
    // The turn beyond its five fields is not shown: what we decided stays.
    expect(turn.body).toHaveProperty('assistant_message.message_id');
    const history = await api('GET', `/conversations/${id}/messages`);
    expect(history.body.messages).toHaveLength(2);
    expectSpecFields(history, SPEC_FIELDS.listMessages);
    const rated = await api(
      'POST',
      `/messages/${turn.body.assistant_message.message_id}/feedback`,
      {
        json: { rating: 'down', reason: 'unclear', comment: 'Too long' },
      },
    );
    expectSpecFields(rated, SPEC_FIELDS.submitFeedback);
    const renamed = await api('PATCH', `/conversations/${id}`, { json: { title: 'Renewal' } });
    expect(renamed.status).toBe(200);
    expectSpecFields(renamed, SPEC_FIELDS.renameConversation);
    expectSpecFields(await api('GET', '/capabilities'), SPEC_FIELDS.getCapabilities);
    expectSpecFields(await api('DELETE', `/turns/${sent.body.turn_id}`), SPEC_FIELDS.deleteTurn);
    expectSpecFields(await api('DELETE', `/conversations/${id}`), SPEC_FIELDS.deleteConversation);
    expectSpecFields(await api('DELETE', '/users/user-1', { basic: true }), SPEC_FIELDS.eraseUser);
  });

  it('answers errors with the four fields of the envelope and no decision header', async () => {
    const invalid = await api('POST', '/conversations', { json: { title: '', extra: 1 } });
    expect(invalid.status).toBe(422);
    expectSpecFields(invalid, SPEC_FIELDS.error);
    const missing = await api('GET', '/turns/3F9A7C2E-5B1D-4E8F-A6C0-9D2B7E4F1A35');
    expect(missing.status).toBe(404);
    expectSpecFields(missing, SPEC_FIELDS.error);
    running.control.faults.injectErrors({ count: 1, code: 'queue_unavailable' });
    const unavailable = await api('GET', '/capabilities');
    expect(unavailable.status).toBe(503);
    expectSpecFields(unavailable, SPEC_FIELDS.error);
  });

  it('sends no header that only our decisions add, and issues every id in upper case', async () => {
    const created = await api('POST', '/conversations', { json: {} });
    const id: string = created.body.conversation_id;
    await sendMessage(id, 'm-1', 'Hello');
    await sendMessage(id, 'm-1', 'Hello');
    running.control.faults.injectErrors({ count: 1, code: 'rate_limit_exceeded' });
    expect((await api('GET', '/capabilities')).status).toBe(429);
    await api('GET', `/conversations/${id}/messages`);
    expect(replies.length).toBe(6);
    for (const reply of replies) {
      expect(reply.headers.filter((name) => DECISION_HEADERS.includes(name))).toEqual([]);
    }
    const ids = replies.flatMap((reply) => issuedIds(reply.body));
    expect(ids.length).toBeGreaterThan(5);
    for (const value of ids) expect(value).toMatch(UPPER_ID);
    // The server reads its own upper-case ids back.
    expect((await api('GET', `/conversations/${id}/messages`)).status).toBe(200);
  });

  it('streams the events the specification shows with exactly their fields', async () => {
    const created = await api('POST', '/conversations', { json: {} });
    const conversationId: string = created.body.conversation_id;
    const channel = openChannel(running.baseUrl, channelProtocols(token));
    const ended = (event: ServerEvent) =>
      event.type === 'assistant.completed' || event.type === 'assistant.error';
    for (const [key, message] of [
      ['ok', 'How do I renew my passport?'],
      ['ko', `Fail please ${SIMULATE_ERROR_MARKER}`],
    ]) {
      const frame = { conversation_id: conversationId, client_message_id: key, message };
      channel.send({ type: 'user.message', ...frame });
      const accepted = await channel.next(
        (event) => event.type === 'turn.accepted' && event.turn.client_message_id === key,
      );
      await drive(
        running.control,
        channel.next((event) => ended(event) && event.turn_id === accepted.turn_id),
      );
    }
    const seen = new Set(channel.events.map((event) => event.type));
    expect([...seen]).toEqual(expect.arrayContaining(Object.keys(SPEC_FIELDS).slice(-4)));
    for (const event of channel.events) {
      const fields = SPEC_FIELDS[event.type as keyof typeof SPEC_FIELDS];
      if (fields) expectSpecFields({ body: event }, fields);
      else expect(event).toHaveProperty('turn.status');
    }
    const ids = channel.events.flatMap((event) => issuedIds(event));
    for (const value of ids) expect(value).toMatch(UPPER_ID);
    channel.close();
  });
});

describe.each(SETUPS)('$name, UUID case', (setup) => {
  it.each([
    [{ uuidCase: 'upper' as const }, UPPER_ID, true],
    [{ profile: 'minimal' as const, uuidCase: 'lower' as const }, /^[0-9a-f-]{36}$/, false],
  ])('%o issues ids in the case asked', async (options, pattern, hasMore) => {
    const running = await setup.start(options);
    try {
      const tenant = running.control.tenants.create();
      const basic = `Basic ${btoa(`${tenant.clientId}:${tenant.clientSecret}`)}`;
      const base = `${running.baseUrl}${PATH_PREFIX}`;
      const json = { 'Content-Type': 'application/json' };
      const issued = await fetch(`${base}/tokens`, {
        method: 'POST',
        headers: { Authorization: basic, ...json },
        body: JSON.stringify({ external_user_id: 'user-1' }),
      });
      const { access_token: bearer, user } = await issued.json();
      expect(user.id).toMatch(pattern);
      const headers = { Authorization: `Bearer ${bearer}`, ...json };
      const created = await fetch(`${base}/conversations`, { method: 'POST', headers, body: '{}' });
      const { conversation_id: id } = await created.json();
      expect(id).toMatch(pattern);
      const history = await fetch(`${base}/conversations/${id}/messages`, { headers });
      expect(Object.hasOwn(await history.json(), 'has_more')).toBe(hasMore);
      const requestId = history.headers.get('x-request-id');
      if (hasMore) expect(requestId).toMatch(pattern);
      else expect(requestId).toBeNull();
    } finally {
      await running.close();
    }
  });
});
