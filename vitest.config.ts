import { availableParallelism } from 'node:os';
import { playwright } from '@vitest/browser-playwright';
import {
  configDefaults,
  defineConfig,
  mergeConfig,
  type TestProjectInlineConfiguration,
  type ViteUserConfig,
} from 'vitest/config';
import mswExample from './examples/testing-with-msw/vitest.config.ts';
import referenceServerExample from './examples/testing-with-reference-server/vitest.config.ts';
import { CHROMIUM_ARGS, resolveChromium } from './packages/client/test/browser/setup/chromium.ts';
import { browserCommands } from './packages/client/test/browser/setup/commands.ts';
import { fromSources } from './test/support/example-suite-config.ts';

/** Resolve workspace packages to their TypeScript sources, so tests never need a build. */
const sourceFirst = { conditions: ['@partner-assistant/source'] };

/** Browser tests: real Chromium, in their own project. */
const BROWSER_TESTS = 'packages/*/test/browser/**';

/**
 * What only a release needs (packing, installing from tarballs and from a registry): run by
 * `pnpm test:release` (`vitest.release.config.ts`) in CI after the build, not by `pnpm test`.
 */
const RELEASE_TESTS = ['test/packaging.test.ts', 'test/registry/**', 'test/container/**'];

/**
 * An example's own test suite (its config, setup files and global setup), run as a project of
 * this run from its folder, against the packages' sources: no vitest process of its own.
 */
const exampleSuite = (
  example: string,
  config: ViteUserConfig,
  profile: 'full' | 'minimal' = 'full',
): TestProjectInlineConfiguration =>
  mergeConfig(fromSources(config), {
    root: `./examples/${example}`,
    test: {
      name: profile === 'full' ? `example:${example}` : `example:${example}:minimal`,
      ...(profile === 'full' ? {} : { env: MINIMAL }),
    },
  }) as TestProjectInlineConfiguration;

/**
 * The same suites against a server that answers only what the specification shows (the
 * reference server's and msw's `minimal` profile, ids in upper case): the SDKs must require
 * nothing the API does not promise. The switch partners use too: `PARTNER_ASSISTANT_PROFILE`.
 */
const MINIMAL = { PARTNER_ASSISTANT_PROFILE: 'minimal' };

/**
 * The examples whose own suites start their reference server (`startReferenceServer()`, which
 * reads `PARTNER_ASSISTANT_PROFILE`): the files that talk to it, run a second time on the minimal
 * profile, in one project (one module graph for the three). Their first run is in the `unit`
 * project; what is the same on both profiles (a build, a process group's Ctrl-C) runs once.
 */
const EXAMPLES_ON_OWN_SERVER = [
  'examples/backend-express/test/smoke.test.ts',
  'examples/node-cli/test/terminal-chat.test.ts',
  'examples/web-chat/test/dev-token-endpoint.test.ts',
];

/**
 * The client's contract tests that use the reference server, and the AI SDK transport's (the
 * AI SDK's `Chat` on the client), for the minimal run. Left out: the files that script their own
 * servers (`robustness/`) and the bundle check (`hermes`).
 */
const CLIENT_ON_REFERENCE_SERVER = {
  include: ['packages/client/test/**/*.test.ts', 'packages/ai-sdk/test/**/*.test.ts'],
  exclude: [
    ...configDefaults.exclude,
    BROWSER_TESTS,
    'packages/client/test/robustness/**',
    'packages/client/test/hermes.test.ts',
  ],
};

/**
 * The Chromium the browser tests run in (system, Playwright's, or the npm package's), or none:
 * then the browser project is left out with one line saying why, or the run fails under CI.
 */
const chromium = await resolveChromium();

/**
 * Real Chromium, headless, against one reference server (global setup). Sources first as in
 * Node, then Vite's own conditions for the browser, so packages still get their `browser` build.
 */
const browserProject = (executablePath: string): TestProjectInlineConfiguration => ({
  extends: true,
  // Served at `/`: msw's worker script, copied there by the msw package's browser global setup.
  publicDir: 'packages/msw/test/browser/public',
  resolve: {
    conditions: ['@partner-assistant/source', 'module', 'browser', 'development|production'],
  },
  // The global setup runs in Node, in the test runner's own module environment.
  environments: {
    __vitest__: {
      resolve: {
        conditions: ['@partner-assistant/source', 'module', 'node', 'development|production'],
      },
    },
  },
  test: {
    name: 'browser',
    // The web chat and AI SDK chat examples run here too: their components in the page, on the
    // same server.
    include: [
      `${BROWSER_TESTS}/*.test.ts`,
      'examples/web-chat/test/browser/*.test.tsx',
      'examples/ai-sdk-chat/test/browser/*.test.tsx',
    ],
    globalSetup: [
      './packages/client/test/browser/setup/global-setup.ts',
      './packages/msw/test/browser/setup/worker-script.ts',
    ],
    testTimeout: 20_000,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: { executablePath, args: CHROMIUM_ARGS },
      }),
      instances: [{ browser: 'chromium' }],
      commands: browserCommands,
      // A failure's message and stack say enough; screenshots would litter the tree.
      screenshotFailures: false,
    },
  },
});

export default defineConfig({
  resolve: sourceFirst,
  ssr: { resolve: { conditions: ['@partner-assistant/source'], externalConditions: [] } },
  test: {
    // CI also writes a JSON report, from which `.ci/run` prints a plain `N passed, N failed` line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    // Most tests wait on sockets and child processes, not on the CPU: one worker more than the
    // cores (vitest's default is one fewer, a single worker on 2 cores).
    maxWorkers: availableParallelism() + 1,
    outputFile: { json: '.ci/test-results.json' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'examples/*/test/**/*.test.ts'],
          // No state outside what each test builds: files share one module graph per worker
          // instead of importing it again each (about half this project's time).
          isolate: false,
          // Type tests (`*.test-d.ts`) are compiled by `pnpm typecheck`, whose tsc fails on any
          // `expectTypeOf` that does not hold: vitest's own (experimental) typecheck would run
          // the same tsc a second time in every test run.
        },
      },
      {
        extends: true,
        test: {
          name: 'contract',
          include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, BROWSER_TESTS, ...RELEASE_TESTS],
          // Each file starts its own servers and clients and restores any global it stubs, so
          // files share one module graph per worker: importing it again per file took most of
          // this project's time.
          isolate: false,
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          include: ['packages/*/test/**/*.test.tsx'],
          exclude: [...configDefaults.exclude, BROWSER_TESTS],
          environment: 'happy-dom',
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'contract:minimal',
          ...CLIENT_ON_REFERENCE_SERVER,
          env: MINIMAL,
          isolate: false,
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom:minimal',
          include: ['packages/react/test/**/*.test.tsx'],
          exclude: [...configDefaults.exclude, BROWSER_TESTS],
          environment: 'happy-dom',
          env: MINIMAL,
          testTimeout: 20_000,
        },
      },
      exampleSuite('testing-with-reference-server', referenceServerExample),
      exampleSuite('testing-with-msw', mswExample),
      exampleSuite('testing-with-reference-server', referenceServerExample, 'minimal'),
      exampleSuite('testing-with-msw', mswExample, 'minimal'),
      {
        extends: true,
        test: {
          name: 'example:own-server:minimal',
          include: EXAMPLES_ON_OWN_SERVER,
          env: MINIMAL,
          // As in the `unit` project, where these files run on the full profile.
          isolate: false,
        },
      },
      ...(chromium ? [browserProject(chromium.path)] : []),
    ],
  },
});
