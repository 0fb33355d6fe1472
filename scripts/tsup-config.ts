import { defineConfig, type Options } from 'tsup';

/**
 * The one build configuration shared by every publishable package: ESM + CJS + declarations,
 * sourcemaps, no bundling of dependencies. Each package passes only its entry points.
 */
export function packageBuildConfig(entry: Options['entry'], overrides: Options = {}) {
  return defineConfig({
    entry,
    format: ['esm', 'cjs'],
    // tsup's declaration build sets `baseUrl`, which TypeScript 6 flags as deprecated.
    dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
    sourcemap: true,
    clean: true,
    target: 'es2022',
    splitting: false,
    treeshake: true,
    ...overrides,
  });
}
