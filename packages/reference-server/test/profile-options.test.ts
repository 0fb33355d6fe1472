import { request } from 'node:http';
import { PATH_PREFIX } from '@partner-assistant/contract';
import { describe, expect, it } from 'vitest';
import { ReferenceServerOptionsError, startReferenceServer } from '../src/index.ts';
import { referenceServerJestSetup, referenceServerJestTeardown } from '../src/jest/index.ts';
import { referenceServerGlobalSetup, URL_ENV } from '../src/vitest/index.ts';
import { TEST_CONFIG } from './support/test-server.ts';

/** The request id a server answers an unauthenticated call with, header and body. */
async function unauthenticatedIds(url: string) {
  const answer = await fetch(`${url}${PATH_PREFIX}/capabilities`);
  const body = await answer.json();
  return {
    header: answer.headers.get('x-request-id'),
    body: body.error.request_id,
    error: body.error,
  };
}

describe('the profile options of startReferenceServer and the global setups', () => {
  it('refuses a profile or case it does not know, naming the choices', async () => {
    await expect(startReferenceServer({ profile: 'strict' as never })).rejects.toThrow(
      new ReferenceServerOptionsError(`profile must be 'full' or 'minimal', got "strict"`),
    );
    await expect(startReferenceServer({ uuidCase: 'UPPER' as never })).rejects.toThrow(
      `uuidCase must be 'lower' or 'upper', got "UPPER"`,
    );
  });

  it('starts the minimal profile from the vitest global setup', async () => {
    const provided: Record<string, string> = {};
    const setup = referenceServerGlobalSetup({ config: TEST_CONFIG, profile: 'minimal' });
    const teardown = await setup({
      provide: (key, value) => {
        provided[key] = value;
      },
    });
    try {
      const ids = await unauthenticatedIds(provided.partnerAssistantUrl ?? '');
      expect(ids.header).toBeNull();
      expect(ids.body).toMatch(/^[0-9A-F-]{36}$/);
      expect(Object.keys(ids.error).sort()).toEqual(
        ['code', 'message', 'request_id', 'retryable'].sort(),
      );
    } finally {
      await teardown();
    }
  });

  it('starts upper-case ids from the jest global setup', async () => {
    await referenceServerJestSetup({ config: TEST_CONFIG, uuidCase: 'upper' })();
    try {
      const ids = await unauthenticatedIds(process.env[URL_ENV] ?? '');
      expect(ids.header).toMatch(/^[0-9A-F-]{36}$/);
      expect(ids.body).toBe(ids.header);
    } finally {
      await referenceServerJestTeardown();
    }
  });
});

/** A WebSocket upgrade without a token, as Node's HTTP client sees the server refuse it. */
function refusedUpgrade(url: string) {
  return new Promise<{ status: number; requestId: string | null; body: { error: object } }>(
    (resolve, reject) => {
      const upgrade = request(url, {
        headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13' },
      });
      upgrade.on('error', reject);
      upgrade.on('response', (answer) => {
        let text = '';
        answer.on('data', (chunk) => {
          text += chunk;
        });
        answer.on('end', () =>
          resolve({
            status: answer.statusCode ?? 0,
            requestId: (answer.headers['x-request-id'] as string | undefined) ?? null,
            body: JSON.parse(text),
          }),
        );
      });
      upgrade.end();
    },
  );
}

describe('the refusals the server answers itself follow the profile too', () => {
  it('a body over 64 KiB and a refused upgrade get the envelope of the specification alone', async () => {
    const server = await startReferenceServer({ config: TEST_CONFIG, profile: 'minimal' });
    try {
      const tooLarge = await fetch(`${server.url}${PATH_PREFIX}/conversations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'x'.repeat(70_000) }),
      });
      const notUpgraded = await refusedUpgrade(`${server.url}${PATH_PREFIX}/chat`);
      expect(tooLarge.status).toBe(413);
      expect(notUpgraded.status).toBeGreaterThanOrEqual(400);
      const answers = [
        { requestId: tooLarge.headers.get('x-request-id'), body: await tooLarge.json() },
        notUpgraded,
      ];
      for (const { requestId, body } of answers) {
        expect(requestId).toBeNull();
        expect(Object.keys(body.error).sort()).toEqual(
          ['code', 'message', 'request_id', 'retryable'].sort(),
        );
      }
    } finally {
      await server.close();
    }
  });
});

describe('the admin API preflight follows the profile too', () => {
  it('under the minimal profile: the admin methods, no X-Request-Id', async () => {
    const server = await startReferenceServer({
      config: TEST_CONFIG,
      admin: true,
      profile: 'minimal',
    });
    try {
      const answer = await fetch(`${server.url}/__admin/faults`, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'DELETE' },
      });
      expect(answer.status).toBe(204);
      expect(answer.headers.get('access-control-allow-methods')).toBe('GET, POST, DELETE');
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(answer.headers.has('x-request-id')).toBe(false);
    } finally {
      await server.close();
    }
  });
});
