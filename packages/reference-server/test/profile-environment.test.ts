import { fileURLToPath } from 'node:url';
import { PATH_PREFIX } from '@partner-assistant/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startReferenceServer } from '../src/index.ts';
import { referenceServerJestSetup, referenceServerJestTeardown } from '../src/jest/index.ts';
import {
  type GlobalSetupContext,
  referenceServerGlobalSetup,
  URL_ENV,
} from '../src/vitest/index.ts';
import { runCommand } from './support/run-command.ts';
import { TEST_CONFIG } from './support/test-server.ts';

const vitestBin = fileURLToPath(new URL('../../../node_modules/.bin/vitest', import.meta.url));
const fixture = fileURLToPath(new URL('./fixtures/profile-projects/', import.meta.url));

/** Whether the server at `url` answers as the minimal profile does: no `X-Request-Id`. */
async function answersMinimal(url: string): Promise<boolean> {
  const answer = await fetch(`${url}${PATH_PREFIX}/capabilities`);
  await answer.body?.cancel();
  return !answer.headers.has('x-request-id');
}

/** Runs the vitest global setup as vitest would, for a project of the given `test.env`. */
async function profileOfVitestSetup(
  env: Record<string, string> | undefined,
  profile?: 'full' | 'minimal',
): Promise<'full' | 'minimal'> {
  let url = '';
  const project: GlobalSetupContext = {
    provide: (key, value) => {
      if (key === 'partnerAssistantUrl') url = value;
    },
    ...(env ? { config: { env } } : {}),
  };
  const setup = referenceServerGlobalSetup({
    config: TEST_CONFIG,
    ...(profile ? { profile } : {}),
  });
  const teardown = await setup(project);
  try {
    return (await answersMinimal(url)) ? 'minimal' : 'full';
  } finally {
    await teardown();
  }
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('PARTNER_ASSISTANT_PROFILE picks the profile of startReferenceServer', () => {
  it('without a profile option, read when called; an explicit option wins', async () => {
    vi.stubEnv('PARTNER_ASSISTANT_PROFILE', 'minimal');
    const minimal = await startReferenceServer({ config: TEST_CONFIG });
    const full = await startReferenceServer({ config: TEST_CONFIG, profile: 'full' });
    vi.stubEnv('PARTNER_ASSISTANT_PROFILE', '');
    const unset = await startReferenceServer({ config: TEST_CONFIG });
    try {
      expect([minimal.profile, full.profile, unset.profile]).toEqual(['minimal', 'full', 'full']);
      expect(await answersMinimal(minimal.url)).toBe(true);
      expect(await answersMinimal(full.url)).toBe(false);
      expect(await answersMinimal(unset.url)).toBe(false);
    } finally {
      await Promise.all([minimal.close(), full.close(), unset.close()]);
    }
  });

  it('a value other than full or minimal fails the start, naming the variable and the values', async () => {
    vi.stubEnv('PARTNER_ASSISTANT_PROFILE', 'spec');
    await expect(startReferenceServer({ config: TEST_CONFIG })).rejects.toThrow(
      `PARTNER_ASSISTANT_PROFILE must be 'full' or 'minimal', got "spec"`,
    );
    const explicit = await startReferenceServer({ config: TEST_CONFIG, profile: 'minimal' });
    await explicit.close();
    expect(explicit.profile).toBe('minimal');
  });
});

describe('PARTNER_ASSISTANT_PROFILE picks the profile of the global setups', () => {
  it("vitest: from the project's test.env first, then from the environment", async () => {
    vi.stubEnv('PARTNER_ASSISTANT_PROFILE', '');
    expect(await profileOfVitestSetup(undefined)).toBe('full');
    expect(await profileOfVitestSetup({ PARTNER_ASSISTANT_PROFILE: 'minimal' })).toBe('minimal');
    vi.stubEnv('PARTNER_ASSISTANT_PROFILE', 'minimal');
    expect(await profileOfVitestSetup({})).toBe('minimal');
    expect(await profileOfVitestSetup({ PARTNER_ASSISTANT_PROFILE: 'full' })).toBe('full');
  });

  it('vitest: an explicit profile option wins over both', async () => {
    vi.stubEnv('PARTNER_ASSISTANT_PROFILE', 'minimal');
    expect(await profileOfVitestSetup({ PARTNER_ASSISTANT_PROFILE: 'minimal' }, 'full')).toBe(
      'full',
    );
  });

  it('vitest: a value other than full or minimal fails the setup, naming the variable', async () => {
    const message = `PARTNER_ASSISTANT_PROFILE must be 'full' or 'minimal', got "strict"`;
    await expect(profileOfVitestSetup({ PARTNER_ASSISTANT_PROFILE: 'strict' })).rejects.toThrow(
      message,
    );
    vi.stubEnv('PARTNER_ASSISTANT_PROFILE', 'strict');
    await expect(profileOfVitestSetup(undefined)).rejects.toThrow(message);
  });

  it('jest: from the environment, unless the option says otherwise', async () => {
    vi.stubEnv('PARTNER_ASSISTANT_PROFILE', 'minimal');
    await referenceServerJestSetup({ config: TEST_CONFIG })();
    try {
      expect(await answersMinimal(process.env[URL_ENV] ?? '')).toBe(true);
    } finally {
      await referenceServerJestTeardown();
    }
    await referenceServerJestSetup({ config: TEST_CONFIG, profile: 'full' })();
    try {
      expect(await answersMinimal(process.env[URL_ENV] ?? '')).toBe(false);
    } finally {
      await referenceServerJestTeardown();
    }
    vi.stubEnv('PARTNER_ASSISTANT_PROFILE', 'Minimal');
    await expect(referenceServerJestSetup({ config: TEST_CONFIG })()).rejects.toThrow(
      `PARTNER_ASSISTANT_PROFILE must be 'full' or 'minimal', got "Minimal"`,
    );
  });

  it('two projects of one run, one global-setup module: each gets the profile of its env', async () => {
    const { code, output } = await runCommand(
      vitestBin,
      ['run', '--root', fixture, '--config', 'vitest.config.ts'],
      { cwd: fixture, env: { NODE_ENV: 'test', PARTNER_ASSISTANT_PROFILE: '' } },
    );
    expect(output).toMatch(/Test Files\s+2 passed/);
    expect(code).toBe(0);
  }, 60_000);
});
