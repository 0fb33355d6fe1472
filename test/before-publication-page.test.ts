import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { publishablePackages, ROOT } from './support/workspace-packages.ts';

const PAGE = 'docs/getting-started/before-publication.md';

/** The manifest's `@partner-assistant` dependencies of each package, by its tarball's short name. */
function dependenciesByShortName(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const pkg of publishablePackages()) {
    const manifest = JSON.parse(readFileSync(`${pkg.dir}/package.json`, 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    const uses = Object.keys(manifest.dependencies ?? {}).filter((name) =>
      name.startsWith('@partner-assistant/'),
    );
    const short = (name: string) => name.replace('@partner-assistant/', '');
    graph.set(short(pkg.name), uses.map(short));
  }
  return graph;
}

/**
 * The page that says how to install the packages before they are published: each of its install
 * commands names tarballs that exist (one per publishable package) and, with them, every package
 * they depend on, since npm would otherwise look the missing one up on the registry (a 404).
 */
it('each tarball install command of the before-publication page is whole', () => {
  const page = readFileSync(`${ROOT}${PAGE}`, 'utf8');
  const graph = dependenciesByShortName();
  const commands = [...page.matchAll(/partner-assistant-\{([^}]+)\}-\*\.tgz/g)];
  expect(commands.length).toBeGreaterThanOrEqual(5);
  for (const [command, list = ''] of commands) {
    const names = list.split(',');
    for (const name of names) {
      expect(graph.has(name), `${command}: no package ${name}`).toBe(true);
      for (const dependency of graph.get(name) ?? []) {
        expect(names, `${command}: ${name} needs ${dependency}`).toContain(dependency);
      }
    }
  }
  // Every page that installs a package by name points at this page.
  for (const other of ['app-developer', 'backend-developer', 'ci-engineer']) {
    const text = readFileSync(`${ROOT}docs/getting-started/${other}.md`, 'utf8');
    expect(text, other).toContain('(before-publication.md)');
  }
});
