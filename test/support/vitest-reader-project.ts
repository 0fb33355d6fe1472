/**
 * A reader's vitest project outside the workspace: the files a guide tells them to write, the
 * packages installed (the workspace packages as links, resolved to their sources), and
 * `npx vitest run` in it, as the reader would type it.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname } from 'node:path';
import { ROOT } from './workspace-packages.ts';

/** Where each installed package comes from: the workspace's own copy. */
const INSTALLED: Record<string, string> = {
  vitest: 'node_modules/vitest',
  msw: 'packages/msw/node_modules/msw',
  undici: 'packages/msw/node_modules/undici',
  '@partner-assistant/client': 'packages/client',
  '@partner-assistant/msw': 'packages/msw',
  '@partner-assistant/reference-server': 'packages/reference-server',
};

/** The packages' sources instead of their builds; nothing else differs from the reader's config. */
const CONFIG = `import { defineConfig } from 'vitest/config';

const sources = ['@partner-assistant/source', 'module', 'node', 'development|production'];
export default defineConfig({
  resolve: { conditions: sources },
  ssr: { resolve: { conditions: ['@partner-assistant/source'], externalConditions: [] } },
  environments: { __vitest__: { resolve: { conditions: sources } } },
  test: TEST,
});
`;

/** What `npx vitest run` printed and how it ended. */
export interface VitestRun {
  code: number;
  output: string;
}

/**
 * Writes `files` (path → content) and a `vitest.config.mts` whose `test` block is `test` (source
 * text) into a fresh project, runs `vitest run` there with `env`, and removes the project.
 */
export async function runReaderVitest(
  files: Record<string, string>,
  test: string,
  env: Record<string, string> = {},
): Promise<VitestRun> {
  const dir = mkdtempSync(`${tmpdir()}/reader-vitest-`);
  try {
    writeFileSync(`${dir}/package.json`, '{ "name": "reader", "version": "1.0.0" }');
    for (const [name, from] of Object.entries(INSTALLED)) {
      mkdirSync(dirname(`${dir}/node_modules/${name}`), { recursive: true });
      symlinkSync(realpathSync(`${ROOT}${from}`), `${dir}/node_modules/${name}`);
    }
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(`${dir}/${path}`), { recursive: true });
      writeFileSync(`${dir}/${path}`, content);
    }
    writeFileSync(`${dir}/vitest.config.mts`, CONFIG.replace('TEST', test));
    const vitest = `${dir}/node_modules/vitest/vitest.mjs`;
    return await new Promise((resolve) => {
      execFile(
        process.execPath,
        [vitest, 'run'],
        // The run's own variables would point the reader's global setup at this run's server.
        {
          cwd: dir,
          env: { PATH: process.env.PATH, HOME: process.env.HOME, CI: '1', NO_COLOR: '1', ...env },
        },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
          resolve({ code, output: `${stdout}${stderr}` });
        },
      );
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
