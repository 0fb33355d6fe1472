import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = '@partner-assistant/reference-server';

/**
 * The version of this package, read from its `package.json`: the nearest one above this module
 * that bears the package's name, both from `src/cli/` and from the built `dist/`.
 */
export function packageVersion(moduleUrl: string = import.meta.url): string {
  let directory = dirname(fileURLToPath(moduleUrl));
  for (let depth = 0; depth < 5; depth++) {
    const file = join(directory, 'package.json');
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (manifest.name === PACKAGE_NAME && manifest.version) return manifest.version;
    }
    directory = dirname(directory);
  }
  return 'unknown';
}
