import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository root, as a path. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** One public entry point of a package: `@partner-assistant/backend/express` and its source. */
export interface EntryPoint {
  specifier: string;
  source: string;
}

/** A publishable workspace package. */
export interface WorkspacePackage {
  name: string;
  dir: string;
  entries: EntryPoint[];
}

type ExportTarget = string | { [condition: string]: ExportTarget };

/**
 * Every publishable package (not private) whose entry points all have their sources: a package
 * still being written (no `src/index.ts` yet) is left out rather than failing every test.
 */
export function publishablePackages(): WorkspacePackage[] {
  const packagesDir = `${ROOT}packages`;
  const found: WorkspacePackage[] = [];
  for (const folder of readdirSync(packagesDir).sort()) {
    const dir = `${packagesDir}/${folder}`;
    const manifestPath = `${dir}/package.json`;
    if (!existsSync(manifestPath)) continue;
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    if (manifest.private) continue;
    const exportsMap = manifest.exports as Record<string, ExportTarget>;
    const entries = Object.entries(exportsMap)
      .filter(([subpath]) => subpath !== './package.json')
      .map(([subpath, target]) => ({
        specifier: subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`,
        source: `${dir}/${String((target as Record<string, string>)['@partner-assistant/source'])}`,
      }));
    if (entries.every((entry) => existsSync(entry.source))) {
      found.push({ name: manifest.name, dir, entries });
    }
  }
  return found;
}
