/**
 * Global setup of the `browser` test project (Chromium is found by the root config): starts one
 * reference server (admin API on, real clock) for every browser test file. Tests read its URLs
 * with `inject('partnerAssistantUrl')` / `inject('partnerAssistantWsUrl')` and reach its controls
 * over `/__admin`, each file with a tenant of its own.
 */
import { DEMO_CONFIG } from '@partner-assistant/reference-server';
import { referenceServerGlobalSetup } from '@partner-assistant/reference-server/vitest';

/** Runs once before the browser project's files; the function it returns runs after them. */
export default referenceServerGlobalSetup({
  // The demo partners, with the default 300 ms turns rather than the demo's 1.5 s.
  config: { partners: DEMO_CONFIG.partners },
  admin: true,
  clock: 'real',
  host: '127.0.0.1',
  port: 0,
});
