import { packageBuildConfig } from '../../scripts/tsup-config.ts';

export default packageBuildConfig({
  index: 'src/index.ts',
  'interface-docs/index': 'src/interface-docs/index.ts',
});
