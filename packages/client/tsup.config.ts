import { packageBuildConfig } from '../../scripts/tsup-config.ts';

// Browsers, React Native (Hermes) and Node: ES2022 syntax, no Node built-ins; the contract's
// constants entry and the shared core are bundled in so their zod-free parts alone ship.
export default packageBuildConfig({ index: 'src/index.ts' }, { platform: 'neutral' });
