import {
  capabilitiesSchema,
  createdConversationSchema,
  deleteConversationResponseSchema,
  deleteTurnResponseSchema,
  eraseUserResponseSchema,
  errorEnvelopeSchema,
  HTTP_HEADERS,
  listMessagesResponseSchema,
  renamedConversationSchema,
  submitFeedbackResponseSchema,
  tokenSchema,
  turnSchema,
} from '@partner-assistant/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningReferenceServer } from '../src/index.ts';
import { call, newUserSession, startTestServer, waitFor } from './support/test-server.ts';

let server: RunningReferenceServer;
// Start-up time is a benchmark figure (`pnpm bench`), not a test assertion.
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function completedTurn(
  token: string,
  conversationId: string,
  message = 'How do I renew my passport?',
) {
  const sent = await call(server, 'POST', `/conversations/${conversationId}/messages`, {
    token,
    body: {
      client_message_id: `m-${Math.random().toString(36).slice(2)}`,
      message,
      location: { city: 'Lyon' },
    },
  });
  await waitFor(
    async () =>
      (await call(server, 'GET', `/turns/${sent.body.turn_id}`, { token })).body.status !==
        'running' &&
      (await call(server, 'GET', `/turns/${sent.body.turn_id}`, { token })).body
        .assistant_message !== null,
  );
  return (await call(server, 'GET', `/turns/${sent.body.turn_id}`, { token })).body;
}

describe('token issuance', () => {
  it('issues an opaque token of at least 128 bits with the application scopes and lifetime', async () => {
    const tenant = server.control.tenants.create({ tokenTtlSeconds: 120 });
    const reply = await call(server, 'POST', '/tokens', {
      basic: [tenant.clientId, tenant.clientSecret],
      body: { external_user_id: 'alice', locale: 'fr-FR', timezone: 'Europe/Paris' },
    });
    expect(reply.status).toBe(200);
    const token = tokenSchema.parse(reply.body);
    expect(token.expires_in).toBe(120);
    expect(token.scopes).toEqual(['chat:read', 'chat:write', 'feedback:write']);
    expect(Date.parse(token.expires_at) - Date.now()).toBeGreaterThan(110_000);
    expect(token.access_token.length).toBeGreaterThanOrEqual(26);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.headers.get(HTTP_HEADERS.rateLimitLimit)).toBe('600');
    const again = await call(server, 'POST', '/tokens', {
      basic: [tenant.clientId, tenant.clientSecret],
      body: { external_user_id: 'alice' },
    });
    expect(again.body.user.id).toBe(token.user.id);
    expect(again.body.access_token).not.toBe(token.access_token);
  });

  it('keeps users per partner: the same external id in two tenants is two users', async () => {
    const a = await newUserSession(server, { externalUserId: 'shared' });
    const b = await newUserSession(server, { externalUserId: 'shared' });
    expect(a.userId).not.toBe(b.userId);
    expect(
      (await call(server, 'GET', `/conversations/${a.conversationId}/messages`, { token: b.token }))
        .status,
    ).toBe(404);
  });
});

describe('isolation', () => {
  it("answers 404 for another user's turn and message, in the same tenant or another", async () => {
    const owner = await newUserSession(server);
    const turn = await completedTurn(owner.token, owner.conversationId);
    const sameTenant = await newUserSession(server, {
      tenant: owner.tenant,
      externalUserId: 'neighbour',
    });
    const otherTenant = await newUserSession(server, { externalUserId: 'user-1' });
    for (const { token } of [sameTenant, otherTenant]) {
      expect((await call(server, 'GET', `/turns/${turn.turn_id}`, { token })).status).toBe(404);
      expect((await call(server, 'DELETE', `/turns/${turn.turn_id}`, { token })).status).toBe(404);
      const feedback = await call(
        server,
        'POST',
        `/messages/${turn.assistant_message.message_id}/feedback`,
        { token, body: { rating: 'up' } },
      );
      expect(feedback.status).toBe(404);
      expect(
        (await call(server, 'DELETE', `/conversations/${owner.conversationId}`, { token })).status,
      ).toBe(404);
    }
    expect(
      (await call(server, 'GET', `/turns/${turn.turn_id}`, { token: owner.token })).status,
    ).toBe(200);
  });
});

describe('conversations', () => {
  it('creates (201) with a normalized title, resumes an existing id (200), renames and deletes', async () => {
    const { token } = await newUserSession(server);
    const id = crypto.randomUUID();
    const created = await call(server, 'POST', '/conversations', {
      token,
      body: { conversation_id: id, title: '  Renew \n my   passport ' },
    });
    expect(created.status).toBe(201);
    expect(createdConversationSchema.parse(created.body)).toMatchObject({
      conversation_id: id,
      title: 'Renew my passport',
    });
    const resumed = await call(server, 'POST', '/conversations', {
      token,
      body: { conversation_id: id, title: 'Other' },
    });
    expect(resumed.status).toBe(200);
    expect(resumed.body).toEqual(created.body);
    const untitled = await call(server, 'POST', '/conversations', { token });
    expect(untitled.status).toBe(201);
    expect(untitled.body.title).toBeNull();
    const renamed = await call(server, 'PATCH', `/conversations/${id}`, {
      token,
      body: { title: 'Passport' },
    });
    expect(renamed.status).toBe(200);
    expect(renamedConversationSchema.parse(renamed.body).title).toBe('Passport');
    const deleted = await call(server, 'DELETE', `/conversations/${id}`, { token });
    expect(deleteConversationResponseSchema.parse(deleted.body)).toEqual({
      deleted: true,
      conversation_id: id,
    });
    expect((await call(server, 'DELETE', `/conversations/${id}`, { token })).status).toBe(404);
  });

  it('gives each user their own conversation id space', async () => {
    const a = await newUserSession(server);
    const b = await newUserSession(server, { tenant: a.tenant, externalUserId: 'user-2' });
    const taken = await call(server, 'POST', '/conversations', {
      token: b.token,
      body: { conversation_id: a.conversationId },
    });
    expect(taken.status).toBe(201);
    expect(
      (
        await call(server, 'PATCH', `/conversations/${a.conversationId}`, {
          token: b.token,
          body: { title: 'x' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(server, 'GET', `/conversations/${a.conversationId}/messages`, { token: a.token }))
        .body.messages,
    ).toEqual([]);
  });
});

describe('messages, turns and history', () => {
  it('accepts a message with 202 and a queued turn, then completes it with an answer', async () => {
    const { token, conversationId } = await newUserSession(server);
    const sent = await call(server, 'POST', `/conversations/${conversationId}/messages`, {
      token,
      body: {
        client_message_id: 'first',
        message: 'How do I renew my passport?',
        metadata: { platform: 'ios', app_version: '1.0.0' },
      },
    });
    expect(sent.status).toBe(202);
    expect(turnSchema.parse(sent.body)).toMatchObject({
      status: 'queued',
      conversation_id: conversationId,
      assistant_message: null,
    });
    const read = async () =>
      turnSchema.parse((await call(server, 'GET', `/turns/${sent.body.turn_id}`, { token })).body);
    const settled = (status: string) => status !== 'queued' && status !== 'running';
    await waitFor(async () => settled((await read()).status), 10_000);
    const turn = await read();
    expect(turn.status).toBe('completed');
    // No locale on the token: the answer is in the question's language.
    expect(turn.assistant_message?.content).toContain('procedure');
    expect(turn.assistant_message?.cards.length).toBeGreaterThan(0);
    expect(turn.assistant_message?.suggested_actions.length).toBeGreaterThan(0);
  });

  it('lists history in chronological order with limit, offset and has_more', async () => {
    const { token, conversationId } = await newUserSession(server);
    await completedTurn(token, conversationId);
    await completedTurn(token, conversationId, 'Any market this weekend?');
    const page = listMessagesResponseSchema.parse(
      (await call(server, 'GET', `/conversations/${conversationId}/messages`, { token })).body,
    );
    expect(page.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(page.has_more).toBe(false);
    const second = await call(
      server,
      'GET',
      `/conversations/${conversationId}/messages?limit=2&offset=1`,
      { token },
    );
    expect(second.body.messages.map((m: { role: string }) => m.role)).toEqual([
      'assistant',
      'user',
    ]);
    expect(second.body.has_more).toBe(true);
  });

  it('deletes an ended turn with both its messages', async () => {
    const { token, conversationId } = await newUserSession(server);
    const turn = await completedTurn(token, conversationId);
    const deleted = await call(server, 'DELETE', `/turns/${turn.turn_id}`, { token });
    expect(deleted.status).toBe(200);
    expect(deleteTurnResponseSchema.parse(deleted.body)).toMatchObject({
      turn_id: turn.turn_id,
      user_message_id: turn.user_message_id,
      assistant_message_id: turn.assistant_message.message_id,
    });
    expect(
      (await call(server, 'GET', `/conversations/${conversationId}/messages`, { token })).body
        .messages,
    ).toEqual([]);
    expect((await call(server, 'GET', `/turns/${turn.turn_id}`, { token })).status).toBe(404);
  });

  it('fails a turn whose message contains [simulate:error]', async () => {
    const { token, conversationId } = await newUserSession(server);
    const turn = await completedTurn(token, conversationId, 'Please [simulate:error] now');
    expect(turn.status).toBe('failed');
    expect(turn.error).toMatchObject({ code: 'processing_failed', retryable: true });
    expect(turn.assistant_message).toMatchObject({ status: 'failed', content: '' });
  });
});

describe('feedback, erasure and capabilities', () => {
  it('records feedback on an assistant message and replaces it', async () => {
    const { token, conversationId } = await newUserSession(server);
    const turn = await completedTurn(token, conversationId);
    const messageId = turn.assistant_message.message_id;
    const first = await call(server, 'POST', `/messages/${messageId}/feedback`, {
      token,
      body: { rating: 'down', reason: 'outdated', comment: 'Fee changed' },
    });
    expect(first.status).toBe(200);
    expect(submitFeedbackResponseSchema.parse(first.body).feedback).toMatchObject({
      rating: 'down',
      reason: 'outdated',
      comment: 'Fee changed',
      message_id: messageId,
    });
    const second = await call(server, 'POST', `/messages/${messageId}/feedback`, {
      token,
      body: { rating: 'up' },
    });
    expect(second.body.feedback).toMatchObject({ rating: 'up', reason: null, comment: null });
    const onUser = await call(server, 'POST', `/messages/${turn.user_message_id}/feedback`, {
      token,
      body: { rating: 'up' },
    });
    expect(onUser.status).toBe(422);
  });

  it('erases a user: data gone, tokens revoked, 200 again for an unknown user', async () => {
    const session = await newUserSession(server, { externalUserId: 'user/with spaces' });
    await completedTurn(session.token, session.conversationId);
    const basic: [string, string] = [session.tenant.clientId, session.tenant.clientSecret];
    const erased = await call(
      server,
      'DELETE',
      `/users/${encodeURIComponent('user/with spaces')}`,
      { basic },
    );
    expect(erased.status).toBe(200);
    expect(eraseUserResponseSchema.parse(erased.body)).toEqual({ deleted: true });
    expect((await call(server, 'GET', '/capabilities', { token: session.token })).status).toBe(401);
    expect((await call(server, 'DELETE', '/users/nobody', { basic })).status).toBe(200);
    const fresh = await newUserSession(server, {
      tenant: session.tenant,
      externalUserId: 'user/with spaces',
    });
    expect(
      (
        await call(server, 'GET', `/conversations/${session.conversationId}/messages`, {
          token: fresh.token,
        })
      ).status,
    ).toBe(404);
  });

  it('reports the capabilities of the calling application', async () => {
    const { token, tenant } = await newUserSession(server, {
      tenantOptions: { environment: 'production', limits: { concurrent_turns: 2 } },
    });
    const reply = await call(server, 'GET', '/capabilities', { token });
    const capabilities = capabilitiesSchema.parse(reply.body);
    expect(capabilities).toMatchObject({
      api_version: 'v1',
      environment: 'production',
      partner: { id: tenant.partnerId },
    });
    expect(capabilities.limits.concurrent_turns).toBe(2);
  });

  it('answers every error with the envelope and an X-Request-Id equal to request_id', async () => {
    const reply = await call(server, 'GET', '/capabilities');
    const envelope = errorEnvelopeSchema.parse(reply.body);
    expect(reply.headers.get(HTTP_HEADERS.requestId)).toBe(envelope.error.request_id);
  });
});
