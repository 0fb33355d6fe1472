/**
 * The client's cost in an app: its public entry bundled with every dependency for the browser
 * (and for React Native), minified, then gzip level 9, as `pnpm bench` prints it.
 */
import { gzipSync } from 'node:zlib';
import { bundlePackage } from '../../../scripts/bundle-package.ts';

/**
 * Budget of the whole client (REST and realtime), in gzipped bytes: see "Client size budget" in
 * `docs/reference/decisions.md`.
 */
export const CLIENT_SIZE_BUDGET_BYTES = 14 * 1024;

/** Sizes of one bundle, and what must never be in it. */
export interface SizeReport {
  target: string;
  minifiedBytes: number;
  gzippedBytes: number;
  /** Modules from outside the SDK that reached the bundle (Node built-ins, `ws`). */
  unwanted: string[];
}

/** The minified bundle's size, and its size once gzipped at level 9. */
const sizesOf = (code: string) => ({
  minifiedBytes: Buffer.byteLength(code),
  gzippedBytes: gzipSync(code, { level: 9 }).length,
});

async function measure(target: string, conditions: string[]): Promise<SizeReport> {
  const bundle = await bundlePackage({ from: 'dist', conditions, format: 'esm', minify: true });
  const unwanted = bundle.inputs.filter((input) =>
    /(^|\/)node_modules\/(ws|isomorphic-ws)\/|^node:/.test(input),
  );
  return { target, ...sizesOf(bundle.code), unwanted };
}

/** Measures the browser and React Native bundles of the built package. */
export function measureClientSize(): Promise<SizeReport[]> {
  return Promise.all([
    measure('browser', ['browser', 'import', 'default']),
    measure('react-native', ['react-native', 'import', 'default']),
  ]);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

/** One line per bundle: size, budget, and anything that should not be there. */
export function formatSizeReport(reports: SizeReport[]): string {
  return reports
    .map((r) => {
      const verdict = r.gzippedBytes <= CLIENT_SIZE_BUDGET_BYTES ? 'within' : 'OVER';
      const extra =
        r.unwanted.length > 0
          ? `; CONTAINS ${r.unwanted.join(', ')}`
          : '; no ws, no Node built-ins';
      return `client size (${r.target}): ${kb(r.minifiedBytes)} min, ${kb(r.gzippedBytes)} min+gz (${verdict} the ${kb(CLIENT_SIZE_BUDGET_BYTES)} budget)${extra}`;
    })
    .join('\n');
}

/** What the outbox entry adds, apart from the core's budget. */
export interface OutboxSizeReport {
  /** `@partner-assistant/client/outbox` bundled alone (with the parts of the SDK it uses). */
  alone: { minifiedBytes: number; gzippedBytes: number };
  /** Growth of an app bundling the client, once it also imports the outbox. */
  addedToClient: number;
}

/** The sizes of `entries` bundled together from the sources for the browser. */
async function sourceSizes(entries: string[]) {
  const bundle = await bundlePackage({
    from: 'source',
    entries,
    conditions: ['browser', 'import', 'default'],
    format: 'esm',
    minify: true,
  });
  return sizesOf(bundle.code);
}

/** Sizes of the outbox entry point (from the sources: `@partner-assistant/source` first). */
export async function measureOutboxSize(): Promise<OutboxSizeReport> {
  const [alone, client, both] = await Promise.all([
    sourceSizes(['@partner-assistant/client/outbox']),
    sourceSizes(['@partner-assistant/client']),
    sourceSizes(['@partner-assistant/client', '@partner-assistant/client/outbox']),
  ]);
  return { alone, addedToClient: both.gzippedBytes - client.gzippedBytes };
}

/** One line: the outbox's own size, outside the core budget. */
export function formatOutboxSize(report: OutboxSizeReport): string {
  const { alone, addedToClient } = report;
  return `outbox size (browser, @partner-assistant/client/outbox, outside the core budget): ${kb(alone.minifiedBytes)} min, ${kb(alone.gzippedBytes)} min+gz alone; +${kb(addedToClient)} min+gz next to the client`;
}
