import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readDocPage } from '../../../test/registry/doc-page.ts';
import { runCommand } from './support/run-command.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PAGE = `${ROOT}docs/getting-started/ci-engineer.md`;
/** Copies of the page's test file, each on a worker of its own. */
const FILES = 6;

/** `package.json` as `npm init -y` leaves it: a CommonJS project. */
const NPM_INIT = {
  name: 'ci-engineer',
  version: '1.0.0',
  description: '',
  main: 'index.js',
  scripts: { test: 'echo "Error: no test specified" && exit 1' },
  keywords: [],
  author: '',
  license: 'ISC',
  type: 'commonjs',
};

let dir: string;
let configName: string;

/**
 * The page's project in a fresh folder: its files as it names them, its test file six times, and
 * the packages installed as links (the reference server from its sources, through a config that
 * extends the page's own, so the page's config file is loaded as a reader's is).
 */
beforeAll(() => {
  const { files } = readDocPage(PAGE);
  dir = mkdtempSync(`${tmpdir()}/ci-engineer-parallel-`);
  writeFileSync(`${dir}/package.json`, JSON.stringify(NPM_INIT, null, 2));
  const program = files.get('test/assistant.test.ts');
  expect(program, 'the page gives test/assistant.test.ts').toBeDefined();
  for (const [name, code] of files) {
    if (name === 'test/assistant.test.ts') continue;
    mkdirSync(dirname(`${dir}/${name}`), { recursive: true });
    writeFileSync(`${dir}/${name}`, code);
  }
  for (let copy = 1; copy <= FILES; copy++) {
    writeFileSync(`${dir}/test/assistant-${copy}.test.ts`, program ?? '');
  }
  configName = [...files.keys()].find((name) => /^vitest\.config\.\w+$/.test(name)) ?? '';
  expect(configName, 'the page gives a vitest config').not.toBe('');
  mkdirSync(`${dir}/node_modules/@partner-assistant`, { recursive: true });
  symlinkSync(realpathSync(`${ROOT}node_modules/vitest`), `${dir}/node_modules/vitest`);
  symlinkSync(
    `${ROOT}packages/reference-server`,
    `${dir}/node_modules/@partner-assistant/reference-server`,
  );
  writeFileSync(
    `${dir}/from-sources.config.mts`,
    [
      `import { mergeConfig } from 'vitest/config';`,
      `import { fromSources } from '${ROOT}test/support/example-suite-config.ts';`,
      `import page from './${configName}';`,
      '// Six workers starting at once on a busy machine take a while.',
      'const slowMachine = { test: { testTimeout: 30_000, hookTimeout: 30_000 } };',
      'export default mergeConfig(fromSources(page), slowMachine);',
      '',
    ].join('\n'),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// One run: a clock step landing in another file's test would fail it; that files on parallel
// workers each step only their own clock is pinned deterministically by the global setup's own
// test (vitest-global-setup.test.ts, four files on four workers).
it(`the CI page's test file, six copies on six workers at once, passes without a warning`, async () => {
  const { code, output } = await runCommand(
    process.execPath,
    [
      `${ROOT}node_modules/vitest/vitest.mjs`,
      'run',
      '--config',
      'from-sources.config.mts',
      '--pool',
      'forks',
      '--maxWorkers',
      String(FILES),
    ],
    { cwd: dir, env: { CI: '1' } },
  );
  expect(output).toMatch(new RegExp(`Test Files\\s+${FILES} passed`));
  expect(code, output).toBe(0);
  // A CommonJS project from `npm init -y` loads the page's config file as it is.
  expect(output).not.toContain('ESM syntax');
}, 120_000);
