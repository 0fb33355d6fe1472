import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const run = promisify(execFile);
const probe = fileURLToPath(new URL('./support/erasure-heap-probe.ts', import.meta.url));
const root = fileURLToPath(new URL('../../../', import.meta.url));

it("leaves none of an erased user's strings or ids on the heap", async () => {
  // A process of its own: only the engine can hold what the snapshot finds.
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', '--conditions=@partner-assistant/source', '--expose-gc', probe],
    { cwd: root, maxBuffer: 1024 * 1024 },
  );
  const report = JSON.parse(stdout) as {
    erased: string[];
    kept: number[];
    expectedPerKept: number;
  };
  // The users still there are all found: the search sees what the engine holds.
  expect(report.kept).toEqual(report.kept.map(() => report.expectedPerKept));
  // External id, title, message, place, feedback comment, every id: none left of erased users.
  expect(report.erased).toEqual([]);
}, 30_000);
