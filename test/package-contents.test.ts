import { expect, it } from 'vitest';
import { packedPaths, testFilesAmong } from './support/packaging.ts';
import { publishablePackages } from './support/workspace-packages.ts';

/**
 * What each package's tarball would hold, listed without packing (`pnpm pack --dry-run`): no test,
 * test helper or type test reaches a user's `node_modules`. The release run checks the tarballs
 * themselves (`test/packaging.test.ts`).
 */
it('no package would ship a test file, a test helper or a type test', async () => {
  const packed = await packedPaths();
  const names = publishablePackages().map((pkg) => pkg.name);
  expect(Object.keys(packed).sort()).toEqual(expect.arrayContaining(names.sort()));
  for (const name of names) {
    expect(packed[name]?.length ?? 0, `${name} packs something`).toBeGreaterThan(0);
    expect(testFilesAmong(packed[name] ?? []), `${name}: test files in its tarball`).toEqual([]);
  }
}, 60_000);
