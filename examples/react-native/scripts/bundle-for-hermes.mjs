// Bundles the app with Metro for android and ios, as a release build does
// (`react-native bundle --dev false`), then compiles each bundle to Hermes bytecode with the
// Hermes compiler React Native ships. A module Metro cannot resolve, or syntax Hermes rejects
// (in the app or in any package it bundles), fails the script. The bundles stay unminified, so
// that an error points at readable code; warnings are silenced (`-w`), errors are not.
import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Metro from 'metro';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'artifacts');
const require = createRequire(import.meta.url);

/** The `hermesc` of the `hermes-compiler` version this React Native uses. */
function hermesCompiler() {
  const fromReactNative = createRequire(require.resolve('react-native/package.json'));
  const dir = path.dirname(fromReactNative.resolve('hermes-compiler/package.json'));
  const os = { linux: 'linux64-bin', darwin: 'osx-bin', win32: 'win64-bin' }[process.platform];
  if (!os) throw new Error(`No hermesc for ${process.platform}`);
  return path.join(dir, 'hermesc', os, process.platform === 'win32' ? 'hermesc.exe' : 'hermesc');
}

mkdirSync(outDir, { recursive: true });
const hermesc = hermesCompiler();
const config = await Metro.loadConfig({ cwd: root });

for (const platform of ['android', 'ios']) {
  const started = Date.now();
  // Metro writes `<out>.js`; Hermes bytecode goes beside it.
  const bundle = path.join(outDir, `index.${platform}.js`);
  const bytecode = path.join(outDir, `index.${platform}.hbc`);
  await Metro.runBuild(config, {
    entry: 'index.js',
    platform,
    dev: false,
    minify: false,
    out: bundle,
  });
  execFileSync(hermesc, ['-emit-binary', '-O', '-w', '-out', bytecode, bundle], {
    stdio: 'inherit',
  });
  const kb = (file) => `${Math.round(statSync(file).size / 1024)} KB`;
  console.log(
    `${platform}: bundle ${kb(bundle)}, Hermes bytecode ${kb(bytecode)} in ${Date.now() - started} ms`,
  );
}
