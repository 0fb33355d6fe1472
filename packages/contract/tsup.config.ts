import { packageBuildConfig } from '../../scripts/tsup-config.ts';

export default packageBuildConfig({
  index: 'src/index.ts',
  constants: 'src/constants.ts',
  'interface-docs/index': 'src/interface-docs/index.ts',
});
