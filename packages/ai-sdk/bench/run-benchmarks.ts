/**
 * `pnpm bench` for the transport: its built entry bundled for the browser, minified, gzipped at
 * level 9, with `ai` and the client left out (the app has them). Prints, asserts nothing.
 */
import { gzipSync } from 'node:zlib';
import { bundlePackage } from '../../../scripts/bundle-package.ts';

const bundle = await bundlePackage({
  entries: ['@partner-assistant/ai-sdk'],
  from: 'dist',
  conditions: ['browser', 'import', 'default'],
  format: 'esm',
  minify: true,
  external: ['ai', '@partner-assistant/client', '@partner-assistant/contract'],
});
const minified = Buffer.byteLength(bundle.code);
const gzipped = gzipSync(bundle.code, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
console.log(
  `AI SDK transport size (browser, ai and the client external): ${kb(minified)} min, ${kb(gzipped)} min+gz (${gzipped} bytes)`,
);
