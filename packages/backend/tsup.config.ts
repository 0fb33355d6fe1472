import { packageBuildConfig } from '../../scripts/tsup-config.ts';

const entry = { index: 'src/index.ts', express: 'src/express.ts' };

export default [
  packageBuildConfig(entry, { format: ['esm'] }),
  // ky is ESM only: the CommonJS build carries its own copy, so `require` works on every Node 20
  // (require(esm) is only on by default from 20.19). `clean` would race with the ESM build.
  packageBuildConfig(entry, { format: ['cjs'], noExternal: ['ky'], clean: false }),
];
