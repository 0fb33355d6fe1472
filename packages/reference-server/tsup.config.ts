import { packageBuildConfig } from '../../scripts/tsup-config.ts';

/**
 * The CLI's bundled code is partly CommonJS (express, pino, ws), whose `require` of Node's
 * built-in modules needs a `require` in an ES module.
 */
const REQUIRE_IN_ESM =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

export default [
  packageBuildConfig({
    index: 'src/index.ts',
    'engine/index': 'src/engine/index.ts',
    'vitest/index': 'src/vitest/index.ts',
    'jest/index': 'src/jest/index.ts',
  }),
  // The CLI: ESM only, with a shebang, built beside the library. One file with everything it runs
  // on (contract, engine, zod, pino, ws), as the container's bundle: Node loads one module instead
  // of some two hundred, which was most of its start-up. express, which only the admin API uses,
  // sits in a chunk of its own that the first admin request loads. ws's optional native helpers
  // stay outside: ws uses them when they are installed, as it does unbundled.
  packageBuildConfig(
    { cli: 'src/cli/main.ts' },
    {
      format: ['esm'],
      dts: false,
      clean: false,
      // A map of the whole bundle (zod, pino, ws and express) would weigh four megabytes in the
      // package; the package ships `src/` for reading.
      sourcemap: false,
      splitting: true,
      noExternal: [/.*/],
      external: ['bufferutil', 'utf-8-validate'],
      platform: 'node',
      target: 'node20',
      banner: { js: `#!/usr/bin/env node\n${REQUIRE_IN_ESM}` },
      esbuildOptions(options) {
        // The workspace packages from their TypeScript sources, as the one-file bundle takes them.
        options.conditions = ['@partner-assistant/source'];
        options.chunkNames = 'cli-chunks/[name]-[hash]';
        // Less to parse at each start; names are kept (no identifier minification), and the
        // bundled packages' licence notices too.
        options.minifyWhitespace = true;
        options.minifySyntax = true;
        options.legalComments = 'eof';
      },
    },
  ),
];
