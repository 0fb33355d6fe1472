/**
 * A fake Partner Assistant API behind an injected `fetch`, for the unit tests of `src/`: no server,
 * no timers (the backend's `sleep` records the waits and returns at once).
 */
import { vi } from 'vitest';
import { PartnerBackend } from '../../src/partner-backend.ts';
import type { PartnerBackendOptions } from '../../src/partner-backend-options.ts';

export const SECRET = 's3cr3t-never-shown';
export const TOKEN = {
  access_token: 'pat_abc',
  token_type: 'Bearer',
  expires_in: 900,
  expires_at: '2026-11-21T10:15:00.000Z',
  scopes: ['chat:read', 'chat:write', 'feedback:write'],
  user: { id: '8a6e0804-2bd0-4672-b79d-d97027f9071a' },
};
export const REQUEST_ID = '0b6b3c54-3f7e-4c8e-9a43-6b1de1f0c2aa';

export function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-request-id': REQUEST_ID, ...headers },
  });
}

export function envelope(
  status: number,
  code: string,
  retryable: boolean,
  headers: Record<string, string> = {},
) {
  return json(
    { error: { code, message: `${code} happened`, retryable, request_id: REQUEST_ID } },
    status,
    headers,
  );
}

/** A fake API: answers each request with the next response (the last one repeats). */
export function fakeApi(...responses: Array<(request: Request) => Response | Promise<Response>>) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request);
    const next = responses[Math.min(requests.length, responses.length) - 1];
    return next!(request.clone());
  });
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

export function backendWith(
  fetch: typeof globalThis.fetch,
  options: Partial<PartnerBackendOptions> = {},
) {
  const waits: number[] = [];
  const backend = new PartnerBackend({
    baseUrl: 'https://api.example.com/',
    clientId: 'client-1',
    clientSecret: SECRET,
    fetch,
    sleep: async (ms) => {
      waits.push(ms);
    },
    backoff: (attempt) => attempt * 10,
    ...options,
  });
  return { backend, waits };
}
