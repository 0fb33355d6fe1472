import { capabilitiesSchema } from '@partner-assistant/contract';
import { expectPromisedBody } from '../internal/expect-reply.ts';
import { check } from '../internal/rule-outcome.ts';
import type { RunContext } from '../internal/run-context.ts';
import { defineGroup } from './rule.ts';

async function capabilities(ctx: RunContext) {
  const user = await ctx.newUser();
  const reply = await ctx.api.send({
    method: 'GET',
    path: '/capabilities',
    auth: { bearer: user.token },
  });
  return expectPromisedBody(reply, capabilitiesSchema);
}

/** The calling application's effective configuration. */
export const capabilityRules = defineGroup('capabilities', [
  {
    name: 'shape',
    title: 'Capabilities return the environment, verticals, locales and integer limits',
    rule: 'Returns the effective configuration of the calling application: environment, authorized verticals and active limits. `limits` — `message_characters`, `requests_per_minute`, `concurrent_turns`, `daily_messages`, all integers.',
    async check(ctx) {
      const body = await capabilities(ctx);
      check(
        ['sandbox', 'production'].includes(body.environment),
        `environment is ${body.environment}`,
      );
    },
  },
  {
    name: 'api-version',
    title: 'api_version is v1',
    rule: 'The capabilities response reports `api_version` equal to `v1`.',
    async check(ctx) {
      const body = await capabilities(ctx);
      check(body.api_version === 'v1', `api_version is ${body.api_version}`);
    },
  },
]);
