import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PATH_PREFIX } from '@partner-assistant/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_CONFIG } from '../src/index.ts';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
const children: ChildProcess[] = [];

/** Runs the CLI as its bin does; resolves with its output once `done` accepts it. */
function runCli(args: string[], done: (stdout: string) => boolean): Promise<string> {
  const flags = ['--import', 'tsx', '--conditions=@partner-assistant/source'];
  const child = spawn(process.execPath, [...flags, 'src/cli/main.ts', ...args], {
    cwd: packageRoot,
    env: { ...process.env, PORT: '', LOG_LEVEL: 'silent' },
  });
  children.push(child);
  let stdout = '';
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
      if (done(stdout)) resolve(stdout);
    });
    child.once('exit', () => (done(stdout) ? resolve(stdout) : reject(new Error(stdout))));
  });
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGTERM');
});

describe('partner-assistant-server --profile and --uuid-case', { timeout: 40_000 }, () => {
  it('lists both in --help', async () => {
    const help = await runCli(['--help'], (out) => out.includes('Getting started'));
    expect(help).toContain('--profile P');
    expect(help).toContain('--uuid-case C');
  });

  it('--profile minimal answers only the specification, ids in upper case', async () => {
    const ready = await runCli(['--profile', 'minimal', '--port', '0'], (out) =>
      /http:\/\/[^\s)]+:\d+/.test(out),
    );
    expect(ready).toContain('spec-minimal profile');
    const url = /http:\/\/[^\s)]+:\d+/.exec(ready)?.[0];
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

  it('--uuid-case upper issues upper-case ids in the full profile', async () => {
    const ready = await runCli(['--uuid-case', 'upper', '--port', '0'], (out) =>
      /http:\/\/[^\s)]+:\d+/.test(out),
    );
    const url = /http:\/\/[^\s)]+:\d+/.exec(ready)?.[0];
    const answer = await fetch(`${url}${PATH_PREFIX}/capabilities`);
    expect(answer.status).toBe(401);
    expect(answer.headers.get('x-request-id')).toMatch(/^[0-9A-F-]{36}$/);
    expect((await answer.json()).error.request_id).toMatch(/^[0-9A-F-]{36}$/);
  });
});
