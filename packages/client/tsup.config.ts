import { packageBuildConfig } from '../../scripts/tsup-config.ts';

// Browsers and React Native (Hermes) load `index`; Node loads `index.node`, which adds `ws` as
// the fallback WebSocket. `outbox` is the opt-in durable outbox, its own entry point so that the
// core does not carry it. ES2022 syntax, no Node built-ins in `index` nor `outbox`.
export default packageBuildConfig(
  { index: 'src/index.ts', 'index.node': 'src/index.node.ts', outbox: 'src/outbox/index.ts' },
  { platform: 'neutral' },
);
