import { PartnerAssistantClient } from '@partner-assistant/client';
import { createPartnerAssistantHandlers } from '@partner-assistant/msw';
import { setupServer } from 'msw/node';
import { expect, vi } from 'vitest';

/** What the app gives the SDK as `baseUrl`: nothing listens there, msw answers it. */
export const baseUrl = 'https://assistant.example.com';

/**
 * The whole API, REST and WebSocket, answered in this process. `clock: 'manual'`: a turn moves
 * only when a test moves time, so no test waits for an answer.
 */
export const { handlers, control } = createPartnerAssistantHandlers({ baseUrl, clock: 'manual' });

/** msw's server: `test/msw.setup.ts` starts it; a test may add its own handlers with `server.use()`. */
export const server = setupServer(...handlers);

/** A user token, issued the way the partner's backend issues it (with the tenant's secret). */
async function issueToken(tenant: { clientId: string; clientSecret: string }, userId: string) {
  const response = await fetch(`${baseUrl}/api/partners/v1/tokens`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${btoa(`${tenant.clientId}:${tenant.clientSecret}`)}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ external_user_id: userId }),
  });
  const { access_token } = (await response.json()) as { access_token: string };
  return access_token;
}

/**
 * A tenant of the test's own, and a client SDK signed in as one of its users. Faults and journal
 * entries are scoped to the tenant, so a test sees only its own.
 */
export function signedInClient(userId = 'user-1') {
  const tenant = control.tenants.create();
  const client = new PartnerAssistantClient({
    baseUrl,
    token: () => issueToken(tenant, userId),
    // Retries without a Retry-After wait this long: keeps a retried request fast in tests.
    backoff: () => 10,
  });
  return { tenant, client };
}

/**
 * Resolves once the tenant's question has reached the assistant over the socket (its turn is
 * queued): from then on, moving the clock moves that turn.
 */
export function questionAccepted(tenant: { clientId: string }) {
  return vi.waitFor(() => {
    const frames = control.journal.entries({ kind: 'ws', tenant: tenant.clientId });
    expect(frames.map((frame) => frame.frameType)).toContain('turn.accepted');
  });
}
