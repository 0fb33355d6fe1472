import { referenceServerGlobalSetup } from '@partner-assistant/reference-server/vitest';

// `admin: true`: test files run in workers and reach the server's controls over its admin API.
// `clock: 'manual'`: time moves only when a test advances it, so no test waits for a turn.
// PARTNER_ASSISTANT_TEST_PROFILE=minimal: only what the specification shows (our own CI).
export default referenceServerGlobalSetup({
  admin: true,
  clock: 'manual',
  profile: process.env.PARTNER_ASSISTANT_TEST_PROFILE === 'minimal' ? 'minimal' : 'full',
});
