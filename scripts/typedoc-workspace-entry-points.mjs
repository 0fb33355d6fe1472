// @ts-check
/**
 * The API reference covers exactly the public entry points of the publishable packages, read from
 * their `exports` maps, and names each module by its import specifier
 * (`@partner-assistant/backend/express`), not by its source path. A package whose sources are not
 * written yet is left out until they exist; `./internal` entry points are not a public API.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Application, Converter, ReflectionKind } from 'typedoc';

const root = resolve(import.meta.dirname, '..');

/** @returns {Map<string, string>} source file → import specifier */
function publicEntryPoints() {
  const entries = new Map();
  for (const folder of readdirSync(`${root}/packages`).sort()) {
    const manifestPath = `${root}/packages/${folder}/package.json`;
    if (!existsSync(manifestPath)) continue;
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    if (manifest.private) continue;
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      if (subpath === './package.json' || subpath.endsWith('/internal')) continue;
      const source = target?.['@partner-assistant/source'];
      const file = source && resolve(root, 'packages', folder, source);
      if (!file || !existsSync(file)) continue;
      entries.set(file, subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`);
    }
  }
  return entries;
}

/** @param {Application} app */
export function load(app) {
  const entries = publicEntryPoints();
  app.on(Application.EVENT_BOOTSTRAP_END, () => {
    app.options.setValue('entryPoints', [...entries.keys()]);
  });
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    if (!reflection.kindOf(ReflectionKind.Module)) return;
    const symbol = context.getSymbolFromReflection(reflection);
    const file = symbol?.declarations?.[0]?.getSourceFile().fileName;
    const name = file && entries.get(resolve(file));
    if (name) reflection.name = name;
  });
}
