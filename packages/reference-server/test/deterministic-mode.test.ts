import { uuidSchema } from '@partner-assistant/contract';
import { describe, expect, it } from 'vitest';
import { DETERMINISTIC_START, startReferenceServer } from '../src/index.ts';
import { call, TEST_CONFIG } from './support/test-server.ts';

/** The same script of requests, returning every body and request id it saw. */
async function script(seed: string) {
  const server = await startReferenceServer({ config: TEST_CONFIG, seed });
  try {
    const tenant = server.control.tenants.create();
    const token = await call(server, 'POST', '/tokens', {
      basic: [tenant.clientId, tenant.clientSecret],
      body: { external_user_id: 'snapshot-user' },
    });
    const bearer = token.body.access_token as string;
    const conversation = await call(server, 'POST', '/conversations', { token: bearer, body: {} });
    const path = `/conversations/${conversation.body.conversation_id}/messages`;
    const sent = await call(server, 'POST', path, {
      token: bearer,
      body: { client_message_id: 'm-1', message: 'Passport renewal in Lyon?' },
    });
    server.control.clock.advance(TEST_CONFIG.assistant.processing_ms);
    const history = await call(server, 'GET', path, { token: bearer });
    return {
      tenant,
      replies: [token, conversation, sent, history].map((reply) => ({
        status: reply.status,
        requestId: reply.headers.get('x-request-id'),
        body: reply.body,
      })),
    };
  } finally {
    await server.close();
  }
}

describe('deterministic mode', () => {
  it('gives identical ids, tokens and timestamps for the same seed and script', async () => {
    const [first, second] = await Promise.all([script('suite-42'), script('suite-42')]);
    expect(second).toEqual(first);
    const [token, conversation, , history] = first.replies;
    expect(token?.body.expires_at).toBe('2026-01-01T00:15:00.000Z');
    expect(conversation?.body.created_at).toBe(DETERMINISTIC_START);
    expect(uuidSchema.safeParse(conversation?.body.conversation_id).success).toBe(true);
    expect(first.replies.every((reply) => /^[0-9a-f-]{36}$/.test(reply.requestId ?? ''))).toBe(
      true,
    );
    expect(history?.body.messages).toHaveLength(2);
    const other = await script('another-seed');
    expect(other.replies[1]?.body.conversation_id).not.toBe(conversation?.body.conversation_id);
  });

  it('produces valid v4 UUIDs and starts the sequence over on reset', async () => {
    const server = await startReferenceServer({ config: TEST_CONFIG, seed: 7 });
    try {
      const first = server.control.tenants.create();
      expect(first.partnerId).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      server.control.reset();
      expect(server.control.tenants.create()).toEqual(first);
    } finally {
      await server.close();
    }
  });
});
