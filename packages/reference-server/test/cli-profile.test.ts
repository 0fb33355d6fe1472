import { PATH_PREFIX } from '@partner-assistant/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_CONFIG } from '../src/index.ts';
import { readyUrl, runCli } from './support/cli-process.ts';

const running: ReturnType<typeof runCli>[] = [];

/** Starts the CLI with `args`, stopped after the test. */
function startCli(args: string[]) {
  const run = runCli(args);
  running.push(run);
  return run;
}

afterEach(() => {
  for (const run of running.splice(0)) run.child.kill('SIGTERM');
});

describe('partner-assistant-server --profile and --uuid-case', { timeout: 40_000 }, () => {
  it('lists both in --help', async () => {
    const run = startCli(['--help']);
    await run.exit;
    const help = run.stdout();
    expect(help).toContain('--profile P');
    expect(help).toContain('--uuid-case C');
  });

  it('--profile minimal answers only the specification, ids in upper case', async () => {
    const run = startCli(['--profile', 'minimal', '--port', '0']);
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

  it('PARTNER_ASSISTANT_PROFILE picks the profile without --profile, which wins over it', async () => {
    const env = { LOG_LEVEL: 'silent', PARTNER_ASSISTANT_PROFILE: 'minimal' };
    const minimal = runCli(['--port', '0'], env);
    const full = runCli(['--profile', 'full', '--port', '0'], env);
    running.push(minimal, full);
    const [minimalUrl, fullUrl] = await Promise.all([readyUrl(minimal), readyUrl(full)]);
    expect(minimal.stdout()).toContain('spec-minimal profile');
    expect(full.stdout()).not.toContain('spec-minimal profile');
    const answers = await Promise.all(
      [minimalUrl, fullUrl].map((url) => fetch(`${url}${PATH_PREFIX}/capabilities`)),
    );
    expect(answers.map((answer) => answer.headers.has('x-request-id'))).toEqual([false, true]);
  });

  it('--uuid-case upper issues upper-case ids in the full profile', async () => {
    const url = await readyUrl(startCli(['--uuid-case', 'upper', '--port', '0']));
    const answer = await fetch(`${url}${PATH_PREFIX}/capabilities`);
    expect(answer.status).toBe(401);
    expect(answer.headers.get('x-request-id')).toMatch(/^[0-9A-F-]{36}$/);
    expect((await answer.json()).error.request_id).toMatch(/^[0-9A-F-]{36}$/);
  });
});
