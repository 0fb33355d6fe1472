import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseCliArguments } from '../src/cli/cli-arguments.ts';
import { startReferenceServer } from '../src/index.ts';
import { runCommand } from './support/run-command.ts';
import { TEST_CONFIG } from './support/test-server.ts';

const packageRoot = fileURLToPath(new URL('../', import.meta.url));
const recipes = readFileSync(
  new URL('../../../docs/guides/ci-recipes.md', import.meta.url),
  'utf8',
);

/** The fenced blocks of one language in the recipes page. */
const blocks = (language: string) =>
  [...recipes.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g'))].map(
    (match) => match[1] ?? '',
  );

/** The server's command-line arguments in a recipe's command. */
const serverArguments = (command: string) =>
  command.split('partner-assistant-server')[1]?.replace(/&\s*$/, '').trim().split(/\s+/) ?? [];

type Step = { run?: string };

/** The steps of a workflow, or of a fragment of one (steps indented as in a job). */
function yamlSteps(code: string): Step[] {
  const indented = /^ {6}- /m.test(code) && !/^jobs:/m.test(code);
  const parsed = parse(indented ? code.replace(/^ {6}/gm, '') : code) as unknown;
  if (Array.isArray(parsed)) return parsed as Step[];
  const jobs = (parsed as { jobs?: Record<string, { steps?: Step[] }> }).jobs ?? {};
  return Object.values(jobs).flatMap((job) => job.steps ?? []);
}

/** A port free right now (Playwright's webServer needs a known one). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('CI recipes', () => {
  it('every server command of the recipes starts the server with its admin API', () => {
    const commands = [
      ...blocks('ts').flatMap((code) => [...code.matchAll(/command: '([^']+)'/g)].map((m) => m[1])),
      ...blocks('yaml').flatMap((code) => yamlSteps(code).map((step) => step.run ?? '')),
    ].filter(
      (command): command is string => command?.includes('partner-assistant-server') ?? false,
    );
    expect(commands.length).toBeGreaterThanOrEqual(2);
    for (const command of commands) {
      expect(parseCliArguments(serverArguments(command))).toMatchObject({
        kind: 'start',
        admin: true,
      });
    }
  });

  it('Playwright starts the server from its webServer entry and tests against it, quietly', async () => {
    const port = await freePort();
    const recipe = blocks('ts')
      .flatMap((code) => [...code.matchAll(/command: '([^']+)'/g)].map((m) => m[1] ?? ''))
      .find((command) => command.includes('partner-assistant-server'));
    expect(recipe, 'the Playwright recipe starts the server').toBeDefined();
    const args = serverArguments(recipe ?? '')
      .join(' ')
      .replace(/--port \d+/, `--port ${port}`);
    const { code, output } = await runCommand(
      process.execPath,
      [
        'node_modules/@playwright/test/cli.js',
        'test',
        '-c',
        'test/fixtures/playwright-project/playwright.config.ts',
      ],
      {
        cwd: packageRoot,
        env: {
          CI: '1',
          REFERENCE_SERVER_PORT: String(port),
          REFERENCE_SERVER_ARGS: args,
        },
      },
    );
    expect(output).toMatch(/1 passed/);
    expect(code).toBe(0);
    // The test's requests leave no log line of the server in Playwright's output.
    expect(output).not.toMatch(/\[WebServer\].*\/api\/partners\/v1\/capabilities/);
  }, 90_000);

  it('every snippet that calls the admin API fails loudly when it answers other than 2xx', () => {
    /** How each language's snippet checks the answer of its admin call. */
    const checks: Record<string, RegExp> = {
      js: /if \(!\w+\.ok\) throw/,
      java: /\.statusCode\(\) != 200\) \{\s*throw/,
      python: /\.raise_for_status\(\)/,
      sh: /curl -f/,
    };
    let calls = 0;
    for (const [language, check] of Object.entries(checks)) {
      for (const code of blocks(language).filter((block) => block.includes('/__admin/'))) {
        calls += 1;
        expect(code, `a ${language} snippet checks its admin answer`).toMatch(check);
      }
    }
    for (const language of ['kotlin', 'go', 'yaml', 'ts']) {
      const unchecked = blocks(language).filter((block) => /\/__admin\/\w/.test(block));
      expect(unchecked, `no ${language} snippet calls the admin API unchecked`).toEqual([]);
    }
    expect(calls).toBeGreaterThanOrEqual(3);
    expect(recipes).toContain("'/__admin/tenants', { data: {}, failOnStatusCode: true }");
  });

  it("the Node Testcontainers snippet's admin call arms the fault it says, against a real server", async () => {
    const snippet = blocks('js').find((code) => code.includes("from 'testcontainers'")) ?? '';
    const calls = /const baseUrl = .*\n([\s\S]*?)\/\/ … the tests …/.exec(snippet)?.[1] ?? '';
    expect(calls).toContain('/__admin/faults/fail-next-turns');
    const server = await startReferenceServer({ config: TEST_CONFIG, admin: true, seed: 'ci' });
    try {
      const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
        ...args: string[]
      ) => (baseUrl: string) => Promise<void>;
      await new AsyncFunction('baseUrl', calls)(server.url);
      expect(server.control.faults.list()).toEqual([
        expect.objectContaining({ kind: 'fail-next-turns', count: 1 }),
      ]);
      // The same lines against a path the admin API refuses: they throw, naming the status.
      const refused = calls.replace('fail-next-turns', 'fail-every-turn');
      await expect(new AsyncFunction('baseUrl', refused)(server.url)).rejects.toThrow(
        'admin API: 404',
      );
    } finally {
      await server.close();
    }
  });
});
