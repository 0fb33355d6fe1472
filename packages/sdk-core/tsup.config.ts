import { packageBuildConfig } from '../../scripts/tsup-config.ts';

// Split: both entries share one copy of each error class, so `instanceof` holds across them.
export default packageBuildConfig(
  { index: 'src/index.ts', internal: 'src/internal.ts' },
  { splitting: true },
);
