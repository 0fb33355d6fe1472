/**
 * A real npm registry on this machine: Verdaccio, installed from `verdaccio/package-lock.json`
 * into `node_modules/.cache` (once; later runs reuse it), started on Node 24 (it needs Node >= 22)
 * on a free port with its storage in a temporary folder, one publishing user, and an npm user
 * config that maps the `@partner-assistant` scope to it, as a company maps a private scope.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { ROOT } from '../support/workspace-packages.ts';
import { freePort, run, waitUntil } from './processes.ts';

/** A running registry and the npm configuration that points the scope at it. */
export interface LocalRegistry {
  url: string;
  /** An npm user config file: `@partner-assistant:registry` and the publishing token. */
  userConfig: string;
  stop(): Promise<void>;
}

const INSTALL_DIR = `${ROOT}node_modules/.cache/partner-assistant-registry`;
const PINNED = `${ROOT}test/registry/verdaccio`;

/** Installs Verdaccio from its lockfile unless the same lockfile is installed already. */
async function installVerdaccio(): Promise<void> {
  const lock = readFileSync(`${PINNED}/package-lock.json`, 'utf8');
  const installedLock = `${INSTALL_DIR}/node_modules/.package-lock.json`;
  if (existsSync(`${INSTALL_DIR}/node_modules/verdaccio`) && existsSync(installedLock)) {
    const installed = readFileSync(`${INSTALL_DIR}/package-lock.json`, 'utf8');
    if (installed === lock) return;
  }
  mkdirSync(INSTALL_DIR, { recursive: true });
  copyFileSync(`${PINNED}/package.json`, `${INSTALL_DIR}/package.json`);
  copyFileSync(`${PINNED}/package-lock.json`, `${INSTALL_DIR}/package-lock.json`);
  await run('npm ci --no-audit --no-fund --ignore-scripts --loglevel=error', { cwd: INSTALL_DIR });
}

/** The path of a Node 24 binary (`npx -y node@24`), run directly so that a signal reaches it. */
async function node24(): Promise<string> {
  const { stdout } = await run('npx -y node@24 -p process.execPath', { cwd: tmpdir() });
  return stdout.trim().split('\n').pop() ?? '';
}

function configFile(dir: string): string {
  const file = `${dir}/config.yaml`;
  writeFileSync(
    file,
    `storage: ${dir}/storage
auth:
  htpasswd:
    file: ${dir}/htpasswd
    max_users: 10
packages:
  '@partner-assistant/*':
    access: $all
    publish: $authenticated
  '**':
    access: $all
log: { type: stdout, format: pretty, level: warn }
`,
  );
  return file;
}

/** Starts Verdaccio and creates the user that publishes. */
export async function startLocalRegistry(): Promise<LocalRegistry> {
  await installVerdaccio();
  const node = await node24();
  const dir = mkdtempSync(`${tmpdir()}/partner-assistant-registry-`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    node,
    [
      `${INSTALL_DIR}/node_modules/verdaccio/bin/verdaccio`,
      '--config',
      configFile(dir),
      '--listen',
      `127.0.0.1:${port}`,
    ],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntil(
      async () => (await fetch(`${url}/-/ping`)).ok,
      60_000,
      () => log,
    );
    const response = await fetch(`${url}/-/user/org.couchdb.user:release`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'release', password: 'release-test-password' }),
    });
    const { token } = (await response.json()) as { token?: string };
    if (!token) throw new Error(`the registry created no user (${response.status})`);
    const userConfig = `${dir}/npmrc`;
    writeFileSync(
      userConfig,
      `@partner-assistant:registry=${url}/\n//127.0.0.1:${port}/:_authToken=${token}\nupdate-notifier=false\nfund=false\naudit=false\n`,
    );
    return { url, userConfig, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
