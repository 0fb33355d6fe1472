import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = '@partner-assistant/reference-server';

/**
 * The version the one-file bundle was built from, which it carries in place of a `package.json`
 * (the container image and the standalone executable have none). Replaced by esbuild's `define`;
 * undeclared elsewhere.
 */
declare const PARTNER_ASSISTANT_SERVER_VERSION: string | undefined;

/**
 * The version of this package: the bundle's own, else read from the nearest `package.json` above
 * this module that bears the package's name, both from `src/cli/` and from the built `dist/`.
 */
export function packageVersion(moduleUrl?: string): string {
  if (moduleUrl === undefined && typeof PARTNER_ASSISTANT_SERVER_VERSION === 'string')
    return PARTNER_ASSISTANT_SERVER_VERSION;
  let directory = dirname(fileURLToPath(moduleUrl ?? import.meta.url));
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
