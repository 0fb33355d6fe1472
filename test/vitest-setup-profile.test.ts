import { expect, it } from 'vitest';
import { runReaderVitest } from './support/vitest-reader-project.ts';

const SETUP = `import { referenceServerGlobalSetup } from '@partner-assistant/reference-server/vitest';
export default referenceServerGlobalSetup({ admin: true });
`;

/**
 * A mistyped `PARTNER_ASSISTANT_PROFILE` under vitest: the run stops on the setup's own message,
 * not on vitest's "No test files found" printed first for a failed global setup.
 */
it('a wrong PARTNER_ASSISTANT_PROFILE ends a vitest run with its own message alone', async () => {
  const { code, output } = await runReaderVitest(
    {
      'test/reference-server.setup.ts': SETUP,
      'test/answers.test.ts': "import { it } from 'vitest';\nit('runs', () => {});\n",
    },
    "{ globalSetup: ['./test/reference-server.setup.ts'] }",
    { PARTNER_ASSISTANT_PROFILE: 'minmal' },
  );
  expect(code).toBe(1);
  expect(output).toContain(`PARTNER_ASSISTANT_PROFILE must be 'full' or 'minimal', got "minmal"`);
  expect(output).not.toContain('No test files found');
}, 60_000);
