/**
 * Bundles the client's public entry the way an app's bundler does: esbuild for the browser
 * platform, resolving package exports with the conditions Metro (React Native) or a web bundler
 * uses. Shared by the Hermes test and the size benchmark.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** What to bundle: the sources (no build needed) or the built `dist/`. */
export interface BundleOptions {
  from: 'source' | 'dist';
  /** Export conditions, most specific first. */
  conditions: string[];
  format: 'esm' | 'iife';
  minify: boolean;
}

/** The bundle's code and the files that went into it. */
export interface ClientBundle {
  code: string;
  inputs: string[];
}

/** Bundles `@partner-assistant/client` with its dependencies. */
export async function bundleClient(options: BundleOptions): Promise<ClientBundle> {
  const fromSource = options.from === 'source';
  const result = await build({
    stdin: {
      contents: "export * from '@partner-assistant/client';",
      resolveDir: PACKAGE_DIR,
      loader: 'ts',
    },
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
