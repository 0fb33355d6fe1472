import { mergeConfig, type ViteUserConfig } from 'vitest/config';

/**
 * Where the workspace packages resolve when an example's suite runs from this repository: to their
 * sources, so the suite runs without a build. The examples themselves never name the source
 * condition; a copy of one resolves the published packages.
 */
const sourceFirst = ['@partner-assistant/source', 'module', 'node', 'development|production'];

/** An example's own vitest configuration, run against the packages' sources. */
export function fromSources(exampleConfig: ViteUserConfig) {
  return mergeConfig(exampleConfig, {
    resolve: { conditions: sourceFirst },
    ssr: { resolve: { conditions: ['@partner-assistant/source'], externalConditions: [] } },
    // A global setup runs in the runner's own module environment.
    environments: { __vitest__: { resolve: { conditions: sourceFirst } } },
  });
}
