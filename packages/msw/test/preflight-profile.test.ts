/**
 * A CORS preflight leaves through the engine's exit, as every other answer: the profile shapes it.
 * Under `minimal` it carries no `X-Request-Id` (a header only our decisions add), and still every
 * header a browser needs to send the request; under `full` it keeps its request id. On the
 * reference server (real sockets) and the msw handlers alike.
 */
import './support/websocket-global.ts';
import { PATH_PREFIX } from '@partner-assistant/contract';
import { describe, expect, it } from 'vitest';
import { type ProfileOptions, SETUPS } from './support/suite-setups.ts';

/** What a browser sends before a cross-origin `PATCH` with a bearer token and a JSON body. */
const PREFLIGHT = {
  method: 'OPTIONS',
  headers: {
    origin: 'http://localhost:5173',
    'access-control-request-method': 'PATCH',
    'access-control-request-headers': 'authorization, content-type',
  },
};

/** The headers of a preflight for a conversation's path, on `setup` started with `options`. */
async function answerHeaders(setup: (typeof SETUPS)[number], options: ProfileOptions) {
  const running = await setup.start(options);
  try {
    const answer = await fetch(`${running.baseUrl}${PATH_PREFIX}/conversations/abc`, PREFLIGHT);
    expect(answer.status).toBe(204);
    return answer.headers;
  } finally {
    await running.close();
  }
}

/** Every header a browser needs to let the `PATCH` through, as the full profile sends them. */
function expectCorsForBrowsers(headers: Headers): void {
  expect(headers.get('access-control-allow-origin')).toBe('*');
  expect(headers.get('access-control-allow-methods')).toBe('DELETE, PATCH');
  expect(headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type');
  expect(headers.get('access-control-max-age')).toBe('600');
  expect(headers.get('cache-control')).toBe('no-store');
}

describe.each(SETUPS)('$name, CORS preflight', (setup) => {
  it('under the minimal profile: no X-Request-Id, every CORS header a browser needs', async () => {
    const headers = await answerHeaders(setup, { profile: 'minimal' });
    expect(headers.has('x-request-id')).toBe(false);
    expectCorsForBrowsers(headers);
  });

  it('under the full profile: its own request id, in the case the server issues ids', async () => {
    const lower = await answerHeaders(setup, {});
    expect(lower.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expectCorsForBrowsers(lower);
    const upper = await answerHeaders(setup, { uuidCase: 'upper' });
    expect(upper.get('x-request-id')).toMatch(/^[0-9A-F-]{36}$/);
  });
});
