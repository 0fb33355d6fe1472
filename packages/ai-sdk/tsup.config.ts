import { packageBuildConfig } from '../../scripts/tsup-config.ts';

export default packageBuildConfig({ index: 'src/index.ts' }, { platform: 'neutral' });
