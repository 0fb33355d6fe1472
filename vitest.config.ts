import { defineConfig } from 'vitest/config';

/** Resolve workspace packages to their TypeScript sources, so tests never need a build. */
const sourceFirst = { conditions: ['@partner-assistant/source'] };

export default defineConfig({
  resolve: sourceFirst,
  ssr: { resolve: { conditions: ['@partner-assistant/source'], externalConditions: [] } },
  test: {
    // CI also writes a JSON report, from which `.ci/run` prints a plain `N passed, N failed` line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: '.ci/test-results.json' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'examples/*/test/**/*.test.ts'],
          typecheck: { enabled: true, include: ['packages/*/src/**/*.test-d.ts'] },
        },
      },
      {
        extends: true,
        test: {
          name: 'contract',
          include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
