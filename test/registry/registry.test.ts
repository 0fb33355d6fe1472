import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStale } from '../support/packaging.ts';
import { publishablePackages, ROOT } from '../support/workspace-packages.ts';
import { curlRequest, exportedEnv, readDocPage } from './doc-page.ts';
import { type LocalRegistry, startLocalRegistry } from './local-registry.ts';
import {
  type BackgroundProcess,
  background,
  freePort,
  run,
  runToExit,
  waitForHttp,
} from './processes.ts';

/**
 * A release as users get it: every package published to a real npm registry (Verdaccio, on this
 * machine), then, in fresh folders outside the workspace, `npm init -y` and the page's own
 * `npm install @partner-assistant/…` lines, by name, and each getting-started program and each
 * example run as its page says. Only the fixed ports the pages name are swapped for free ones.
 */

let registry: LocalRegistry;
let env: NodeJS.ProcessEnv;
const scratch = mkdtempSync(`${tmpdir()}/partner-assistant-release-`);
const running: BackgroundProcess[] = [];

beforeAll(async () => {
  const packages = publishablePackages();
  await buildStale(packages);
  registry = await startLocalRegistry();
  env = {
    NPM_CONFIG_USERCONFIG: registry.userConfig,
    npm_config_userconfig: registry.userConfig,
    npm_config_update_notifier: 'false',
  };
  // What a release runs (`changeset publish` does the same): `workspace:` ranges become versions.
  await run(
    `npx -y pnpm@10 -r --filter "./packages/*" publish --registry ${registry.url}/ --no-git-checks`,
    { cwd: ROOT, env },
  );
  const manifest = await (await fetch(`${registry.url}/@partner-assistant%2fclient`)).json();
  expect(Object.keys((manifest as { versions: object }).versions)).toContain(
    JSON.parse(readFileSync(`${ROOT}packages/client/package.json`, 'utf8')).version,
  );
}, 900_000);

afterAll(async () => {
  for (const process of running.splice(0)) await process.stop();
  await registry?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/** A fresh npm project outside the workspace, as `mkdir x && cd x && npm init -y` makes it. */
async function freshProject(name: string): Promise<string> {
  const dir = `${scratch}/${name}`;
  mkdirSync(dir);
  await run('npm init -y', { cwd: dir, env });
  return dir;
}

function writeFiles(dir: string, files: Map<string, string>): void {
  for (const [name, code] of files) {
    mkdirSync(dirname(`${dir}/${name}`), { recursive: true });
    writeFileSync(`${dir}/${name}`, code);
  }
}

function startServer(command: string, cwd: string, port: number, extraEnv = {}) {
  const server = background(command, { cwd, env: { ...env, ...extraEnv } });
  running.push(server);
  return waitForHttp(port, server);
}

const installs = (commands: string[]) => commands.filter((line) => line.startsWith('npm install'));

/** The page's `npx tsx FILE.ts` line for a file the page itself gives. */
const programOf = ({ files, commands }: { files: Map<string, string>; commands: string[] }) =>
  commands.find((line) => {
    const file = /^npx tsx (\S+\.ts)$/.exec(line)?.[1];
    return file !== undefined && files.has(file);
  });
const page = (name: string) => `${ROOT}docs/getting-started/${name}.md`;

describe.sequential('the getting-started pages, from the registry', () => {
  const ports: Record<number, number> = {};

  beforeAll(async () => {
    // The pages' API port(s) and the partner server's port.
    ports[8080] = await freePort();
    ports[4010] = ports[8080];
    ports[3000] = await freePort();
  });

  it('backend developers: install, start the API, run server.ts, call both routes', async () => {
    const backendPage = readDocPage(page('backend-developer'), ports);
    const { files, commands } = backendPage;
    const dir = await freshProject('backend-developer');
    for (const command of installs(commands)) await run(command, { cwd: dir, env });
    writeFiles(dir, files);
    const api = commands.find((line) =>
      /^npx .*(partner-assistant-server|reference-server)/.test(line),
    );
    expect(api, 'the page starts the reference server').toBeDefined();
    await startServer(api!, dir, ports[8080]!, { PORT: String(ports[8080]) });
    const serverEnv = exportedEnv(commands);
    const program = programOf(backendPage);
    expect(program, 'the page runs its program with tsx').toBeDefined();
    await startServer(program!, dir, ports[3000]!, serverEnv);
    const curls = commands.filter((line) => line.startsWith('curl '));
    expect(curls.length).toBeGreaterThanOrEqual(2);
    const [issue, erase] = curls.map(curlRequest);
    const token = await fetch(issue!.url, issue!.init);
    expect(token.status).toBe(200);
    expect(await token.json()).toMatchObject({ access_token: expect.any(String) });
    expect((await fetch(erase!.url, erase!.init)).status).toBe(200);
  });

  it('app developers: install the client, run chat.ts against the backend page’s servers', async () => {
    const appPage = readDocPage(page('app-developer'), ports);
    const { files, commands } = appPage;
    const dir = await freshProject('app-developer');
    for (const command of installs(commands)) await run(command, { cwd: dir, env });
    writeFiles(dir, files);
    const program = programOf(appPage);
    expect(program, 'the page runs its program with tsx').toBeDefined();
    const result = await runToExit(program!, { cwd: dir, env, timeoutMs: 120_000 });
    expect(result.code, result.output).toBe(0);
    expect(result.stdout).toMatch(/\(\d+ characters\)/);
    expect(result.stdout).toMatch(/^assistant: /m);
  });

  it('CI engineers: install, the vitest setup and test file, `npx vitest run`', async () => {
    const { files, commands } = readDocPage(page('ci-engineer'), ports);
    const dir = await freshProject('ci-engineer');
    for (const command of installs(commands)) await run(command, { cwd: dir, env });
    writeFiles(dir, files);
    expect([...files.keys()]).toContain('vitest.config.mts');
    const result = await runToExit('npx vitest run', { cwd: dir, env, timeoutMs: 180_000 });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/Tests\s+\d+ passed/);
  });
});

const examples = readdirSync(`${ROOT}examples`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe.sequential('the examples, copied out and installed from the registry', () => {
  it.each(examples)(
    '%s: `npm install` then `npm test` pass in a copy',
    async (example) => {
      const dir = `${scratch}/example-${example}`;
      cpSync(`${ROOT}examples/${example}`, dir, {
        recursive: true,
        filter: (source) => !/\/(node_modules|artifacts|dist)(\/|$)/.test(source),
      });
      const manifest = readFileSync(`${dir}/package.json`, 'utf8');
      expect(manifest, 'a copy names versions, not the workspace').not.toContain('workspace:');
      await run('npm install', { cwd: dir, env });
      const result = await runToExit('npm test', { cwd: dir, env, timeoutMs: 300_000 });
      expect(result.code, result.output).toBe(0);
    },
    900_000,
  );
});
