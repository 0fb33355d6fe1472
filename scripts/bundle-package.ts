/**
 * Bundles a package's public entry the way an app's bundler does: esbuild for the browser
 * platform, resolving package exports with the conditions Metro (React Native) or a web bundler
 * uses. Shared by the Hermes test and the size benchmarks.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT_DIR = fileURLToPath(new URL('..', import.meta.url));

/** What to bundle: the sources (no build needed) or the built `dist/`. */
export interface BundleOptions {
  /**
   * The packages, exported together (an app that uses both).
   * @default ['@partner-assistant/client']
   */
  entries?: string[];
  /** Packages left out of the bundle (a peer such as `react`). */
  external?: string[];
  from: 'source' | 'dist';
  /** Export conditions, most specific first. */
  conditions: string[];
  format: 'esm' | 'iife';
  minify: boolean;
}

/** The bundle's code and the files that went into it. */
export interface PackageBundle {
  code: string;
  inputs: string[];
}

/** Bundles a package (the client unless told) with its dependencies. */
export async function bundlePackage(options: BundleOptions): Promise<PackageBundle> {
  const fromSource = options.from === 'source';
  const entries = options.entries ?? ['@partner-assistant/client'];
  const result = await build({
    stdin: {
      contents: entries.map((entry, i) => `export * as m${i} from '${entry}';`).join('\n'),
      resolveDir: `${ROOT_DIR}packages/${entries.at(-1)?.split('/')[1]}`,
      loader: 'ts',
    },
    external: options.external ?? [],
    bundle: true,
    write: false,
    metafile: true,
    minify: options.minify,
    format: options.format,
    globalName: options.format === 'iife' ? 'PartnerAssistant' : undefined,
    platform: 'browser',
    target: 'es2022',
    conditions: fromSource
      ? ['@partner-assistant/source', ...options.conditions]
      : options.conditions,
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error('esbuild produced no output');
  return { code: output.text, inputs: Object.keys(result.metafile.inputs) };
}
