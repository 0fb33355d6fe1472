/**
 * The minimal profile answers only what the specification shows: each answer and event carries
 * exactly the fields of the specification's text (the table below, written from it by hand), no
 * header that only our decisions add, and ids in upper case. What the specification leaves open
 * (the turn beyond its five fields, the payloads of turn events, `seq`) stays as we decided it.
 * Run against the reference server (real sockets) and the msw handlers.
 */
import './support/websocket-global.ts';
import { PATH_PREFIX } from '@partner-assistant/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordSession } from './support/recorded-session.ts';
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
  // The specification promises a message's `turn_id` in history listings only.
  'assistant.completed': [
    ...ROUTING,
    ...within(
      'message',
      MESSAGE.filter((field) => field !== 'turn_id'),
    ),
  ],
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

describe.each(SETUPS)('$name, minimal profile', (setup) => {
  let running: RunningSetup;
  let session: Awaited<ReturnType<typeof recordSession>>;
  beforeAll(async () => {
    running = await setup.start({ profile: 'minimal' });
    session = await recordSession(running);
  });
  afterAll(() => running.close());

  const bodiesOf = (key: string): unknown[] => [
    ...session.replies.filter((reply) => reply.key === key).map((reply) => reply.body),
    ...session.events.filter((event) => event.type === key),
  ];

  it.each(Object.entries(SPEC_FIELDS))(
    '%s carries exactly the fields the specification shows',
    (key, fields) => {
      const bodies = bodiesOf(key);
      expect(bodies.length).toBeGreaterThan(0);
      for (const body of bodies) expect(fieldPaths(body)).toEqual([...fields].sort());
    },
  );

  it('sends no header that only our decisions add', () => {
    expect(session.replies.map((reply) => reply.status)).toEqual(
      expect.arrayContaining([200, 201, 202, 404, 422, 429, 503]),
    );
    for (const reply of session.replies) {
      expect(reply.headers.filter((name) => DECISION_HEADERS.includes(name))).toEqual([]);
    }
  });

  it('issues every id in upper case, and reads them back', () => {
    const ids = [...session.replies.map((reply) => reply.body), ...session.events].flatMap((body) =>
      issuedIds(body),
    );
    expect(ids.length).toBeGreaterThan(50);
    for (const value of ids) expect(value).toMatch(UPPER_ID);
    // Every later call of the session addressed what the server issued in upper case.
    expect(session.replies.filter((reply) => reply.status === 404)).toHaveLength(1);
  });

  it('keeps our decisions where the specification is silent: the turn, turn events, seq', () => {
    expect(bodiesOf('getTurn')[0]).toHaveProperty('assistant_message.message_id');
    for (const type of ['turn.accepted', 'turn.running']) {
      expect(bodiesOf(type)[0]).toMatchObject({
        seq: expect.any(Number),
        turn: expect.any(Object),
      });
    }
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
