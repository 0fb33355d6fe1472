import { mergeConfig } from 'vitest/config';
import exampleConfig from '../../examples/testing-with-reference-server/vitest.config.ts';

/**
 * The example's own configuration, run from this repository: the workspace packages resolve to
 * their sources, so the example's suite runs without a build. The example itself never names the
 * source condition; a copy of it resolves the published packages.
 */
const sourceFirst = ['@partner-assistant/source', 'module', 'node', 'development|production'];

export default mergeConfig(exampleConfig, {
  resolve: { conditions: sourceFirst },
  ssr: { resolve: { conditions: ['@partner-assistant/source'], externalConditions: [] } },
  // The global setup runs in the runner's own module environment.
  environments: { __vitest__: { resolve: { conditions: sourceFirst } } },
});
