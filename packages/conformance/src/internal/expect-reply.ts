import type { ApiReply } from './api-client.ts';
import { RuleFailure } from './rule-outcome.ts';

/** What the checks need of a contract schema (a zod schema), without depending on zod. */
export interface ContractSchema<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/** The error code of an answer's envelope, if it has one. */
export function errorCodeOf(reply: ApiReply): string | undefined {
  const error = (reply.body as { error?: { code?: unknown } } | undefined)?.error;
  return typeof error?.code === 'string' ? error.code : undefined;
}

/** `404 not_found`, or `200` when there is no error code. */
export function describeStatus(reply: ApiReply): string {
  const code = errorCodeOf(reply);
  return code ? `${reply.status} ${code}` : String(reply.status);
}

/** Fails unless the answer's status is one of `expected`. */
export function expectStatus(reply: ApiReply, ...expected: number[]): void {
  if (expected.includes(reply.status)) return;
  throw new RuleFailure(
    `${reply.request} answered ${describeStatus(reply)}, expected ${expected.join(' or ')}`,
  );
}

/** Fails unless the answer is the error `status` with `code` in its envelope. */
export function expectError(reply: ApiReply, status: number, code: string): void {
  if (reply.status === status && errorCodeOf(reply) === code) return;
  throw new RuleFailure(
    `${reply.request} answered ${describeStatus(reply)}, expected ${status} ${code}`,
  );
}

/** Fails unless the answer is a success (2xx): the specification shows only two status codes. */
export function expectSuccess(reply: ApiReply): void {
  if (reply.status >= 200 && reply.status < 300) return;
  throw new RuleFailure(
    `${reply.request} answered ${describeStatus(reply)}, expected a success (2xx)`,
  );
}

function parseOrFail<T>(value: unknown, schema: ContractSchema<T>, failure: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`);
  throw new RuleFailure(`${failure}: ${problems.join('; ')}`);
}

/** Parses `value` with a contract schema; fails naming the first invalid fields. */
export function expectShape<T>(value: unknown, schema: ContractSchema<T>, what: string): T {
  return parseOrFail(value, schema, `${what} does not match the contract`);
}

/**
 * Parses `value` with a schema of what the specification promises (`promised-bodies.ts`);
 * fails naming the first missing or invalid fields.
 */
export function expectPromised<T>(value: unknown, schema: ContractSchema<T>, what: string): T {
  return parseOrFail(value, schema, `${what} does not hold what the specification promises`);
}

/** Status, then shape: the body of a successful answer, against the exact contract. */
export function expectBody<T>(reply: ApiReply, statuses: number[], schema: ContractSchema<T>): T {
  expectStatus(reply, ...statuses);
  return expectShape(reply.body, schema, `the body of ${reply.request}`);
}

/**
 * A success (2xx, or exactly `status` where the specification names it), then what the
 * specification promises of its body.
 */
export function expectPromisedBody<T>(
  reply: ApiReply,
  schema: ContractSchema<T>,
  status?: number,
): T {
  if (status === undefined) expectSuccess(reply);
  else expectStatus(reply, status);
  return expectPromised(reply.body, schema, `the body of ${reply.request}`);
}
