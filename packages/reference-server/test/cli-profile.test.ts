import { PATH_PREFIX } from '@partner-assistant/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_CONFIG } from '../src/index.ts';
import { type CliRun, readyUrl, runCli } from './support/cli-process.ts';

const running: CliRun[] = [];

/** Starts the CLI with `args`, stopped after the test. */
async function startCli(args: string[]) {
  const run = await runCli(args);
  running.push(run);
  return run;
}

afterEach(() => {
  for (const run of running.splice(0)) run.child.kill('SIGTERM');
});

describe('partner-assistant-server --profile and --uuid-case', { timeout: 40_000 }, () => {
  it('lists both in --help', async () => {
    const run = await startCli(['--help']);
    await run.exit;
    const help = run.stdout();
    expect(help).toContain('--profile P');
    expect(help).toContain('--uuid-case C');
  });

  it('--profile minimal answers only the specification, ids in upper case', async () => {
    const run = await startCli(['--profile', 'minimal', '--port', '0']);
    const url = await readyUrl(run);
    expect(run.stdout()).toContain('spec-minimal profile');
    const [partner] = DEMO_CONFIG.partners;
    const application = partner?.applications[0];
    const basic = btoa(`${application?.client_id}:${application?.client_secret}`);
    const issued = await fetch(`${url}${PATH_PREFIX}/tokens`, {
      method: 'POST',
      headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ external_user_id: 'demo-user' }),
    });
    expect(issued.status).toBe(200);
    expect(issued.headers.get('x-request-id')).toBeNull();
    expect(issued.headers.get('ratelimit-limit')).toBeNull();
    const token = await issued.json();
    expect(token.user.id).toMatch(/^[0-9A-F-]{36}$/);
  });

  // `--profile` wins over the variable as every explicit option does (profile-environment.test.ts).
  it('PARTNER_ASSISTANT_PROFILE picks the profile without --profile, and the ready line says it', async () => {
    const run = await runCli(['--port', '0'], {
      LOG_LEVEL: 'silent',
      PARTNER_ASSISTANT_PROFILE: 'minimal',
    });
    running.push(run);
    const url = await readyUrl(run);
    expect(run.stdout()).toContain('spec-minimal profile');
    const answer = await fetch(`${url}${PATH_PREFIX}/capabilities`);
    expect(answer.status).toBe(401);
    expect(answer.headers.has('x-request-id')).toBe(false);
  });

  it('--uuid-case upper issues upper-case ids in the full profile', async () => {
    const url = await readyUrl(await startCli(['--uuid-case', 'upper', '--port', '0']));
    const answer = await fetch(`${url}${PATH_PREFIX}/capabilities`);
    expect(answer.status).toBe(401);
    expect(answer.headers.get('x-request-id')).toMatch(/^[0-9A-F-]{36}$/);
    expect((await answer.json()).error.request_id).toMatch(/^[0-9A-F-]{36}$/);
  });
});
