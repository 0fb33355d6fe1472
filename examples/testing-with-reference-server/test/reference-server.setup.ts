import { referenceServerGlobalSetup } from '@partner-assistant/reference-server/vitest';

// `admin: true`: test files run in workers and reach the server's controls over its admin API.
// `clock: 'manual'`: time moves only when a test advances it, so no test waits for a turn.
// PARTNER_ASSISTANT_PROFILE=minimal: a server that answers only what the specification shows.
export default referenceServerGlobalSetup({ admin: true, clock: 'manual' });
