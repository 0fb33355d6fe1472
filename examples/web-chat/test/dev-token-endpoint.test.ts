/**
 * The development token endpoint issues user tokens on the dev server (`bundle-secret.test.ts`:
 * the secret it uses never reaches the app's bundle).
 */
import { fileURLToPath } from 'node:url';
import {
  type RunningReferenceServer,
  startReferenceServer,
} from '@partner-assistant/reference-server';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { devTokenEndpoint } from '../dev/dev-token-endpoint.ts';
import { REFUSED_TOKEN_HEADER } from '../src/user-token.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
let server: RunningReferenceServer;
let vite: ViteDevServer;
let origin: string;

/** A dev server with the token endpoint for the API at `baseUrl`, and its origin. */
async function startDevServer(baseUrl: string): Promise<[ViteDevServer, string]> {
  const dev = await createServer({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [devTokenEndpoint({ baseUrl })],
    server: { port: 0, host: '127.0.0.1' },
  });
  await dev.listen();
  return [dev, dev.resolvedUrls!.local[0]!.replace(/\/$/, '')];
}

beforeAll(async () => {
  server = await startReferenceServer();
  [vite, origin] = await startDevServer(server.url);
});

afterAll(async () => {
  await vite?.close();
  await server?.close();
});

it('issues a user token for the demo user, never cached', async () => {
  const response = await fetch(`${origin}/assistant/token`, { method: 'POST' });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const token = await response.json();
  expect(token).toMatchObject({ token_type: 'Bearer', user: { id: expect.any(String) } });
  expect(token.access_token).toEqual(expect.any(String));

  expect((await fetch(`${origin}/assistant/token`)).status).toBe(405);
});

// `PARTNER_ASSISTANT_PROFILE=minimal npm test`: the same suite against a server that answers only
// what the specification shows, which issues its ids in upper case.
it('runs on the profile PARTNER_ASSISTANT_PROFILE asks for', async () => {
  const token = await (await fetch(`${origin}/assistant/token`, { method: 'POST' })).json();
  const minimal = process.env.PARTNER_ASSISTANT_PROFILE === 'minimal';
  expect(token.user.id).toBe(minimal ? token.user.id.toUpperCase() : token.user.id.toLowerCase());
});

it('replaces the cached token the API refused when the app sends it back, and only then', async () => {
  const tokenWith = async (headers: Record<string, string> = {}) =>
    (await (await fetch(`${origin}/assistant/token`, { method: 'POST', headers })).json())
      .access_token as string;
  const cached = await tokenWith();
  expect(await tokenWith({ [REFUSED_TOKEN_HEADER]: 'pat_guessed' })).toBe(cached);
  server.control.tokens.revoke(cached);
  const fresh = await tokenWith({ [REFUSED_TOKEN_HEADER]: cached });
  expect(fresh).not.toBe(cached);
  expect(await tokenWith()).toBe(fresh);
});

it('answers 503 when the API cannot be reached, never 401, and logs why', async () => {
  const stopped = await startReferenceServer();
  await stopped.close();
  const [dev, devOrigin] = await startDevServer(stopped.url);
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  try {
    const response = await fetch(`${devOrigin}/assistant/token`, { method: 'POST' });
    // The browser tells "the assistant is out of reach" (503) from "not signed in" (401).
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await response.json()).toMatchObject({
      error: { retryable: true, message: expect.stringContaining('cannot be reached') },
    });
    expect(warn).toHaveBeenCalledWith(
      '[dev token endpoint] could not issue a token:',
      expect.objectContaining({ name: 'PartnerNetworkError' }),
    );
  } finally {
    warn.mockRestore();
    await dev.close();
  }
});
