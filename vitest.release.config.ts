import { defineConfig } from 'vitest/config';

/**
 * The release tests: the packages packed and installed from their tarballs
 * (`test/packaging.test.ts`), then published to a local npm registry and installed by name, with
 * the getting-started programs and the examples run as their pages say (`test/registry/`); the
 * reference server's container image and standalone executable run as a CI outside Node runs
 * them (`test/container/`, with a container engine: `scripts/container-setup.sh`). Slow
 * (builds, installs), so CI runs them as steps of their own after the build:
 * `pnpm test:release [file]`. They load the built packages, as a user does: no source condition.
 */
export default defineConfig({
  test: {
    name: 'release',
    include: [
      'test/packaging.test.ts',
      'test/registry/**/*.test.ts',
      'test/container/**/*.test.ts',
    ],
    testTimeout: 120_000,
    hookTimeout: 600_000,
    // One at a time: each installs packages and starts servers of its own.
    fileParallelism: false,
  },
});
