import { OPERATIONS, type OperationName, SCOPES } from '@partner-assistant/contract';
import { z } from 'zod';

const operationNames = Object.keys(OPERATIONS) as [OperationName, ...OperationName[]];
const count = z.number().int().min(1).max(1_000_000);
const milliseconds = z.number().int().min(0).max(86_400_000);

/** A tenant: a partner id or a client id. */
const tenant = z.string().min(1).max(255);

/** The `{ tenant }` options of a control that can be scoped to one tenant. */
export const tenantOptionSchema = z.strictObject({ tenant: tenant.optional() });

/** An instant: an ISO 8601 string or a `Date`. */
export const instantSchema = z.union([z.iso.datetime({ offset: true }), z.date()]);

/** Input of `control.faults.injectErrors`. */
export const injectErrorsSchema = z.strictObject({
  count,
  code: z.enum(['rate_limit_exceeded', 'queue_unavailable', 'internal_error']),
  retryAfterSeconds: z.number().int().min(0).max(86_400).optional(),
  operation: z.enum(operationNames).optional(),
  tenant: tenant.optional(),
});

/** Input of `control.faults.setLatency`: fixed, a uniform range, or `null` for none. */
export const latencySchema = z
  .union([
    z.strictObject({ ms: milliseconds }),
    z
      .strictObject({ minMs: milliseconds, maxMs: milliseconds })
      .refine((range) => range.minMs <= range.maxMs, 'minMs must not exceed maxMs'),
  ])
  .nullable();

/** Input of `control.faults.dropAfterDelta`. */
export const dropAfterDeltaSchema = z.strictObject({
  afterDeltas: count,
  turnId: z.string().min(1).max(64).optional(),
  tenant: tenant.optional(),
});

/** Input of `control.faults.connectionReset` and `control.faults.hang`. */
export const networkFaultSchema = z.strictObject({
  operation: z.enum(operationNames).optional(),
  count: count.optional(),
  tenant: tenant.optional(),
});

/** Input of `control.faults.failNextTurns`. */
export const turnCountSchema = z.number().int().min(0).max(1_000_000);

/** Input of `control.tokens.expire` and `revoke`. */
export const accessTokenSchema = z.string().min(1).max(4096);

/** Input of `control.clock.advance`. */
export const advanceSchema = z
  .number()
  .finite()
  .min(0)
  .max(366 * 86_400_000);

/** Input of `control.journal.entries`. */
export const journalFilterSchema = z.strictObject({
  operation: z.enum(operationNames).optional(),
  kind: z.enum(['http', 'ws']).optional(),
  since: instantSchema.optional(),
  limit: z.number().int().min(1).max(100_000).optional(),
  tenant: tenant.optional(),
});

/** Input of `control.tenants.create` (the options of a run-time tenant). */
export const tenantOptionsSchema = z.strictObject({
  name: z.string().min(1).max(255).optional(),
  environment: z.enum(['sandbox', 'production']).optional(),
  scopes: z.array(z.enum(SCOPES)).optional(),
  capabilities: z.array(z.string().min(1).max(64)).optional(),
  locales: z.array(z.string().min(2).max(64)).min(1).optional(),
  limits: z
    .strictObject({
      message_characters: z.number().int().min(0).optional(),
      requests_per_minute: z.number().int().min(0).optional(),
      concurrent_turns: z.number().int().min(0).optional(),
      daily_messages: z.number().int().min(0).optional(),
    })
    .optional(),
  tokenTtlSeconds: z
    .number()
    .int()
    .min(1)
    .max(86_400 * 30)
    .optional(),
});
