import { describe, expect, it } from 'vitest';
import { isPartnerApiError } from '../src/index.ts';
import {
  clientFor,
  createTenant,
  failureOf,
  isMinimalProfile,
  useReferenceServer,
} from './support/reference-server.ts';

const env = useReferenceServer({ clock: 'manual' });

/** Runs every due timer of the server: queued turns complete. */
function finishTurns() {
  env.server.control.clock.advance(60_000);
}

describe('every operation, success path, over the real server', () => {
  it('capabilities.get', async () => {
    const { client } = clientFor(env.server, env.tenant);
    const capabilities = await client.capabilities.get();
    expect(capabilities).toMatchObject({ api_version: 'v1', environment: 'sandbox' });
    // UUIDs compare case-insensitively (a server may issue them in upper case).
    expect(capabilities.partner.id.toLowerCase()).toBe(env.tenant.partnerId.toLowerCase());
  });

  it('conversations: create, resume, rename, delete', async () => {
    const { client } = clientFor(env.server, env.tenant);
    const conversationId = crypto.randomUUID();
    const created = await client.conversations.create({
      title: '  Renew   my passport ',
      conversationId,
    });
    expect(created).toMatchObject({ conversation_id: conversationId, title: 'Renew my passport' });
    const resumed = await client.conversations.create({ conversationId });
    expect(resumed.created_at).toBe(created.created_at);
    const renamed = await client.conversations.rename(conversationId, { title: 'Passport' });
    expect(renamed).toMatchObject({ conversation_id: conversationId, title: 'Passport' });
    expect(await client.conversations.delete(conversationId)).toEqual({
      deleted: true,
      conversation_id: conversationId,
    });
    expect(
      isPartnerApiError(await failureOf(client.conversations.delete(conversationId)), 'not_found'),
    ).toBe(true);
  });

  it('messages.send, turns.get, messages.list, feedback.submit, turns.delete', async () => {
    const { client } = clientFor(env.server, env.tenant);
    const { conversation_id } = await client.conversations.create();
    const turn = await client.messages.send(conversation_id, {
      message: 'How do I renew my passport?',
      location: { city: 'Lyon', country: 'FR' },
      metadata: { platform: 'web', app_version: '1.0.0' },
    });
    expect(turn).toMatchObject({ conversation_id, status: 'queued' });
    finishTurns();
    const ended = await client.turns.get(turn.turn_id);
    expect(ended.status).toBe('completed');
    const answer = ended.assistant_message;
    expect(answer?.content.length).toBeGreaterThan(0);
    const page = await client.messages.list(conversation_id);
    expect(page.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(page.hasNextPage()).toBe(false);
    const feedback = await client.feedback.submit(answer?.message_id ?? '', {
      rating: 'up',
      reason: 'helpful',
    });
    expect(feedback).toMatchObject({ success: true, feedback: { rating: 'up' } });
    const deleted = await client.turns.delete(turn.turn_id);
    expect(deleted).toMatchObject({
      deleted: true,
      turn_id: turn.turn_id,
      assistant_message_id: answer?.message_id,
    });
    expect((await client.messages.list(conversation_id)).messages).toEqual([]);
  });
});

describe('errors the specification lists, as typed errors', () => {
  const expectApiError = (error: unknown, status: number, code: string, retryable = false) => {
    expect(isPartnerApiError(error)).toBe(true);
    expect(error).toMatchObject({ name: 'PartnerApiError', status, code, retryable });
    expect((error as { requestId?: string }).requestId).toMatch(/^[0-9a-f-]{36}$/i);
  };

  it('401 unauthorized with a token the API does not know (a plain string is not refreshed)', async () => {
    const { client } = clientFor(env.server, env.tenant, { token: 'pat_not_a_real_token' });
    expectApiError(await failureOf(client.capabilities.get()), 401, 'unauthorized');
  });

  it('403 insufficient_scope for a read-only token', async () => {
    const readOnly = createTenant(env.server, { scopes: ['chat:read'] });
    const { client } = clientFor(env.server, readOnly);
    expectApiError(await failureOf(client.conversations.create()), 403, 'insufficient_scope');
  });

  it("404 not_found for another user's conversation, and for an unknown turn or message", async () => {
    const owner = clientFor(env.server, env.tenant).client;
    const other = clientFor(env.server, env.tenant).client;
    const { conversation_id } = await owner.conversations.create();
    expectApiError(
      await failureOf(other.conversations.rename(conversation_id, { title: 'x' })),
      404,
      'not_found',
    );
    expectApiError(await failureOf(other.turns.get(crypto.randomUUID())), 404, 'not_found');
    expectApiError(
      await failureOf(other.feedback.submit(crypto.randomUUID(), { rating: 'up' })),
      404,
      'not_found',
    );
  });

  it('409 turn_in_progress and idempotency_conflict', async () => {
    const { client } = clientFor(env.server, env.tenant);
    const { conversation_id } = await client.conversations.create();
    const turn = await client.messages.send(conversation_id, {
      message: 'First?',
      clientMessageId: 'key-1',
    });
    expectApiError(
      await failureOf(client.conversations.delete(conversation_id)),
      409,
      'turn_in_progress',
    );
    expectApiError(await failureOf(client.turns.delete(turn.turn_id)), 409, 'turn_in_progress');
    const conflict = client.messages.send(conversation_id, {
      message: 'Other text',
      clientMessageId: 'key-1',
    });
    expectApiError(await failureOf(conflict), 409, 'idempotency_conflict');
    finishTurns();
  });

  it('413 payload_too_large and 422 invalid_request with details, judged by the server', async () => {
    const { client } = clientFor(env.server, env.tenant, { validateInput: false });
    const { conversation_id } = await client.conversations.create();
    const huge = client.messages.send(conversation_id, { message: 'x'.repeat(70_000) });
    expectApiError(await failureOf(huge), 413, 'payload_too_large');
    const invalid = await failureOf(client.conversations.rename(conversation_id, { title: '   ' }));
    expectApiError(invalid, 422, 'invalid_request');
    // `details` is ours: the specification's error envelope has four fields, so without them the
    // error says so with no details.
    expect((invalid as { details: unknown[] }).details).toEqual(
      isMinimalProfile() ? [] : [expect.objectContaining({ path: 'body.title' })],
    );
  });

  it('429 rate_limit_exceeded (daily quota) and 503 queue_unavailable, retryable, after the retries', async () => {
    const limited = createTenant(env.server, {
      limits: { daily_messages: 1, requests_per_minute: 10_000 },
    });
    const { client, waits } = clientFor(env.server, limited);
    const { conversation_id } = await client.conversations.create();
    await client.messages.send(conversation_id, { message: 'One' });
    const quota = await failureOf(client.messages.send(conversation_id, { message: 'Two' }));
    expectApiError(quota, 429, 'rate_limit_exceeded', true);
    if (isMinimalProfile()) {
      // No Retry-After (the specification does not show it): the client's budgeted retries.
      expect((quota as { retryAfterMs?: number }).retryAfterMs).toBeUndefined();
      expect(waits).toHaveLength(2);
    } else {
      // The quota resets at UTC midnight: a wait that long is not waited for, the error comes at once.
      expect((quota as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(60_000);
      expect(waits).toEqual([]);
    }
    env.server.control.faults.injectErrors({
      count: 3,
      code: 'queue_unavailable',
      operation: 'sendMessage',
      tenant: env.tenant.clientId,
    });
    const { client: other, waits: otherWaits } = clientFor(env.server, env.tenant);
    const { conversation_id: otherConversation } = await other.conversations.create();
    const busy = await failureOf(other.messages.send(otherConversation, { message: 'Three' }));
    expectApiError(busy, 503, 'queue_unavailable', true);
    expect(otherWaits).toHaveLength(2);
    finishTurns();
  });
});
