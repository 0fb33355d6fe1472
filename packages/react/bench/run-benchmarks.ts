/**
 * `pnpm bench` for the hooks: what they add to an app that already has the client, minified and
 * gzipped (react itself left out, as the app has it). Prints, asserts nothing.
 */
import { gzipSync } from 'node:zlib';
import { bundlePackage } from '../../../scripts/bundle-package.ts';

const BUDGET_BYTES = 2 * 1024;

async function gzipped(entries: string[]): Promise<number> {
  const conditions = ['browser', 'import', 'default'];
  const bundle = await bundlePackage({
    entries,
    from: 'dist',
    conditions,
    format: 'esm',
    minify: true,
    external: ['react', 'react-dom'],
  });
  return gzipSync(bundle.code, { level: 9 }).length;
}

const client = await gzipped(['@partner-assistant/client']);
const withHooks = await gzipped(['@partner-assistant/client', '@partner-assistant/react']);
const added = withHooks - client;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
console.log(
  `hooks size (${added} bytes): client ${kb(client)} → client + hooks ${kb(withHooks)} min+gz: the hooks add ${kb(added)} (${added <= BUDGET_BYTES ? 'within' : 'OVER'} the ${kb(BUDGET_BYTES)} budget)`,
);
