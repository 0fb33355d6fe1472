import { packageBuildConfig } from '../../scripts/tsup-config.ts';

// Browsers and React Native (Hermes) load `index`; Node loads `index.node`, which adds `ws` as
// the fallback WebSocket. ES2022 syntax, no Node built-ins in `index`.
export default packageBuildConfig(
  { index: 'src/index.ts', 'index.node': 'src/index.node.ts' },
  { platform: 'neutral' },
);
