import { expect, it } from 'vitest';
import { markdownSnippets } from './support/readme-snippets.ts';
import { runReaderVitest } from './support/vitest-reader-project.ts';
import { ROOT } from './support/workspace-packages.ts';

/** The testing guide's blocks, as the reader copies them. */
const blocks = markdownSnippets(`${ROOT}docs/guides/testing.md`, 'testing');

function block(path: string): string {
  const found = blocks.find((snippet) => snippet.path === path);
  if (!found) throw new Error(`docs/guides/testing.md has no block for ${path}`);
  return found.code;
}

/**
 * The msw part of the testing guide, done as a reader does it: the two setup files it lists, then
 * its "a fault, a retry and a clock step" example saved as a test file of that project. The
 * example passes, and the run prints no error (two msw servers answering one request printed
 * "Body is unusable" for each request).
 */
it('the testing guide’s msw example passes in the project the guide sets up, quietly', async () => {
  const example = blocks.find((snippet) => snippet.code.includes('retries a busy queue once'));
  const { code, output } = await runReaderVitest(
    {
      'test/websocket-global.ts': block('test/websocket-global.ts'),
      'test/msw.setup.ts': block('test/msw.setup.ts'),
      'test/retry.test.ts': example?.code ?? '',
    },
    "{ setupFiles: ['./test/websocket-global.ts', './test/msw.setup.ts'] }",
  );
  expect(code, output).toBe(0);
  expect(output).toMatch(/Tests\s+1 passed/);
  expect(output).not.toMatch(/Body is unusable|\[MSW\]|Error/);
}, 60_000);
