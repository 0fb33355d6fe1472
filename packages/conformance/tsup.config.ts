import { packageBuildConfig } from '../../scripts/tsup-config.ts';

export default [
  packageBuildConfig({ index: 'src/index.ts' }),
  // The CLI: ESM only (top-level await), with a shebang, built beside the library.
  packageBuildConfig(
    { cli: 'src/cli/main.ts' },
    { format: ['esm'], dts: false, clean: false, banner: { js: '#!/usr/bin/env node' } },
  ),
];
