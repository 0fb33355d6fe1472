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
