import type { ServerEvent } from '@partner-assistant/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_CONFIG } from '../config/demo-config.ts';
import { parseReferenceConfig } from '../config/parse-reference-config.ts';
import { readAuthorizationHeader } from '../identity/authorization-header.ts';
import { constantTimeEqual } from '../identity/constant-time-equal.ts';
import type { EngineClock } from '../time/clock.ts';
import { createReferenceEngine } from './reference-engine.ts';

/** A clock that moves only when told, firing due timers in order. */
function manualClock(start: number): EngineClock & { advance(ms: number): void } {
  let now = start;
  let nextId = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    now: () => now,
    setTimer: (callback, delayMs) => {
      timers.set(++nextId, { at: now + Math.max(0, delayMs), callback });
      return nextId;
    },
    clearTimer: (handle) => {
      timers.delete(handle as number);
    },
    advance(ms) {
      const target = now + ms;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, timer]) => timer.at <= target)
          .sort(([, a], [, b]) => a.at - b.at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = target;
    },
  };
}

function setUp(start = Date.UTC(2026, 10, 21, 23, 59, 0)) {
  const clock = manualClock(start);
  const config = parseReferenceConfig({ ...DEMO_CONFIG, assistant: { processing_ms: 1000 } });
  const engine = createReferenceEngine({ config, clock });
  const basic = `Basic ${btoa('demo-sandbox:demo-sandbox-secret')}`;
  const issued = engine.handle({
    operation: 'issueToken',
    authorization: basic,
    body: { kind: 'json', value: { external_user_id: 'u' } },
  });
  const authorization = `Bearer ${(issued.response.body as { access_token: string }).access_token}`;
  const created = engine.handle({ operation: 'createConversation', authorization });
  const conversationId = (created.response.body as { conversation_id: string }).conversation_id;
  return { clock, engine, authorization, conversationId };
}

describe('engine on a manual clock', () => {
  it('drives a turn step by step from the clock alone', () => {
    const { clock, engine, authorization, conversationId } = setUp();
    const events: ServerEvent[] = [];
    const session = engine.openSocket({
      protocols: ['service.partner.v1', authorization.slice('Bearer '.length)],
      search: '',
      transport: { send: (text) => events.push(JSON.parse(text)), close: () => {} },
    });
    session.receive(
      JSON.stringify({
        type: 'user.message',
        conversation_id: conversationId,
        client_message_id: 'a',
        message: 'Passport?',
      }),
    );
    expect(events.map((event) => event.type)).toEqual(['turn.accepted']);
    clock.advance(100);
    expect(events.at(-1)?.type).toBe('turn.running');
    clock.advance(899);
    expect(events.some((event) => event.type === 'assistant.completed')).toBe(false);
    clock.advance(1);
    expect(events.at(-1)?.type).toBe('assistant.completed');
  });

  it('resets the rate window each minute and the daily quota at UTC midnight', () => {
    const { clock, engine, authorization } = setUp();
    const capabilities = () =>
      engine.handle({ operation: 'getCapabilities', authorization }).response;
    expect(capabilities().headers['RateLimit-Reset']).toBe('60');
    clock.advance(30_000);
    expect(capabilities().headers['RateLimit-Reset']).toBe('30');
    clock.advance(30_000);
    expect(capabilities().headers['RateLimit-Remaining']).toBe('599');
    expect(engine.state.usage.get('demo-sandbox')?.day).toBe(Math.floor(clock.now() / 86_400_000));
  });

  it('expires tokens after token_ttl_seconds', () => {
    const { clock, engine, authorization } = setUp();
    clock.advance(899_999);
    expect(engine.handle({ operation: 'getCapabilities', authorization }).response.status).toBe(
      200,
    );
    clock.advance(1);
    expect(engine.handle({ operation: 'getCapabilities', authorization }).response.status).toBe(
      401,
    );
  });

  it('forgets everything but the configuration on reset', () => {
    const { engine, authorization } = setUp();
    const tenant = engine.createTenant();
    engine.reset();
    expect(engine.handle({ operation: 'getCapabilities', authorization }).response.status).toBe(
      401,
    );
    expect(engine.state.applications.has(tenant.clientId)).toBe(false);
    expect(engine.state.applications.has('demo-sandbox')).toBe(true);
  });
});

describe('tenants and erasure', () => {
  it("shares users between a partner's applications of one environment, never across environments", () => {
    const { engine } = setUp();
    const issue = (client: string) => {
      const authorization = `Basic ${btoa(`${client}:${client}-secret`)}`;
      const body = { kind: 'json' as const, value: { external_user_id: 'shared' } };
      return engine.handle({ operation: 'issueToken', authorization, body }).response.body as {
        access_token: string;
        user: { id: string };
      };
    };
    const sandbox = issue('demo-sandbox');
    const readonly = issue('demo-readonly');
    const production = issue('demo-production');
    const other = issue('other-sandbox');
    expect(readonly.user.id).toBe(sandbox.user.id);
    expect(production.user.id).not.toBe(sandbox.user.id);
    expect(other.user.id).not.toBe(sandbox.user.id);
    const created = engine.handle({
      operation: 'createConversation',
      authorization: `Bearer ${sandbox.access_token}`,
    });
    const conversationId = (created.response.body as { conversation_id: string }).conversation_id;
    const listed = (token: string) =>
      engine.handle({
        operation: 'listMessages',
        authorization: `Bearer ${token}`,
        params: { conversation_id: conversationId },
      }).response.status;
    expect(listed(readonly.access_token)).toBe(200);
    expect(listed(production.access_token)).toBe(404);
    expect(listed(other.access_token)).toBe(404);
    const capabilities = engine.handle({
      operation: 'getCapabilities',
      authorization: `Bearer ${production.access_token}`,
    });
    expect(capabilities.response.body).toMatchObject({ environment: 'production' });
  });

  it('stops turns in progress and frees their concurrency when their user is erased', () => {
    const { clock, engine, authorization, conversationId } = setUp();
    const send = (key: string) =>
      engine.handle({
        operation: 'sendMessage',
        authorization,
        params: { conversation_id: conversationId },
        body: { kind: 'json', value: { client_message_id: key, message: 'Hi' } },
      }).response.status;
    for (const key of ['a', 'b', 'c', 'd']) expect(send(key)).toBe(202);
    expect(send('e')).toBe(429);
    expect(engine.state.turnsInProgress.size).toBe(4);
    const erase = engine.handle({
      operation: 'eraseUser',
      authorization: `Basic ${btoa('demo-sandbox:demo-sandbox-secret')}`,
      params: { external_user_id: 'u' },
    });
    expect(erase.response.status).toBe(200);
    expect(engine.state.turnsInProgress.size).toBe(0);
    expect(engine.state.turns.size).toBe(0);
    clock.advance(5000);
    expect(engine.state.turns.size).toBe(0);
    expect(engine.state.conversations.size).toBe(0);
  });
});

describe('credentials', () => {
  it('reads Basic and Bearer headers and ignores malformed ones', () => {
    expect(readAuthorizationHeader(`Basic ${btoa('id:se:cret')}`)).toEqual({
      scheme: 'basic',
      clientId: 'id',
      clientSecret: 'se:cret',
    });
    expect(readAuthorizationHeader('bearer abc')).toEqual({ scheme: 'bearer', token: 'abc' });
    for (const header of [
      undefined,
      '',
      'Basic',
      'Basic !!',
      `Basic ${btoa('nocolon')}`,
      'Digest x',
    ]) {
      expect(readAuthorizationHeader(header)).toEqual({ scheme: 'none' });
    }
  });

  it('compares secrets exactly', () => {
    expect(constantTimeEqual('s3cret', 's3cret')).toBe(true);
    expect(constantTimeEqual('s3cret', 's3cres')).toBe(false);
    expect(constantTimeEqual('s3cret', 's3cret ')).toBe(false);
    expect(constantTimeEqual('', 'x')).toBe(false);
  });
});
