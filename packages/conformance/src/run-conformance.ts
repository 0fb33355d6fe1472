import { capabilitiesSchema } from '@partner-assistant/contract';
import { ApiClient } from './internal/api-client.ts';
import { describeStatus } from './internal/expect-reply.ts';
import { RequestPacer, systemPacerClock } from './internal/request-pacer.ts';
import { type RuleSelection, resolveOptions } from './internal/resolve-options.ts';
import { RuleFailure, RuleSkip } from './internal/rule-outcome.ts';
import { RunContext } from './internal/run-context.ts';
import type { ConformanceOptions } from './options.ts';
import type { CleanupSummary, ConformanceReport, RuleResult } from './report.ts';
import { ALL_RULES } from './rules/index.ts';
import { type ConformanceRule, NEED_REASONS } from './rules/rule.ts';

/** Time allowed to erase the run's users once it ends, even after an abort. */
const CLEANUP_TIMEOUT_MS = 120_000;

/** The run could not start: the credentials were refused, or the deployment did not answer. */
export class ConformanceSetupError extends Error {
  override readonly name = 'ConformanceSetupError';
}

/** The run was aborted; the users it had created were erased first (see `cleanup`). */
export class ConformanceAbortedError extends Error {
  override readonly name = 'ConformanceAbortedError';
  constructor(
    readonly cleanup: CleanupSummary,
    options: { cause: unknown },
  ) {
    super('The conformance run was aborted', options);
  }
}

function selectRules(selection: RuleSelection): ConformanceRule[] {
  return ALL_RULES.filter(
    (rule) =>
      (selection.groups.size === 0 || selection.groups.has(rule.group)) &&
      (selection.sources.size === 0 || selection.sources.has(rule.source)),
  );
}

/** Issues a first token and reads the application's limits, to pace the run under its rate. */
async function prepare(ctx: RunContext): Promise<void> {
  try {
    const user = await ctx.newUser();
    const reply = await ctx.api.send({
      method: 'GET',
      path: '/capabilities',
      auth: { bearer: user.token },
    });
    const parsed = capabilitiesSchema.safeParse(reply.body);
    if (reply.status < 200 || reply.status >= 300 || !parsed.success)
      throw new RuleFailure(
        `GET /capabilities answered ${describeStatus(reply)}${parsed.success ? '' : ' without valid limits'}`,
      );
    ctx.limits = parsed.data.limits;
    ctx.pacer.setRate(parsed.data.limits.requests_per_minute);
  } catch (error) {
    if (!(error instanceof RuleFailure)) throw error;
    throw new ConformanceSetupError(`Cannot start the run: ${ctx.redact(error.message)}`);
  }
}

async function runRule(ctx: RunContext, rule: ConformanceRule): Promise<RuleResult> {
  const started = performance.now();
  const { id, group, title, source } = rule;
  const result = (status: RuleResult['status'], detail?: string): RuleResult => ({
    id,
    group,
    title,
    rule: rule.rule,
    source,
    status,
    ...(detail ? { detail: ctx.redact(detail) } : {}),
    durationMs: Math.round(performance.now() - started),
  });
  if (rule.needs && !ctx.settings[rule.needs]) return result('skipped', NEED_REASONS[rule.needs]);
  try {
    await rule.check(ctx);
    return result('passed');
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    if (error instanceof RuleSkip) return result('skipped', error.message);
    if (error instanceof RuleFailure) return result('failed', error.message);
    return result('failed', `unexpected error: ${(error as Error)?.message ?? String(error)}`);
  }
}

/**
 * Runs the conformance rules against a deployment of the Partner Assistant API and reports each
 * one. The run creates users whose external ids start with a run prefix and erases them all when
 * it ends, also when it fails or is aborted; it paces itself under the application's
 * `requests_per_minute` and never prints a secret, a token or an external user id.
 *
 * @throws {ConformanceOptionsError} when an option is invalid (nothing is sent).
 * @throws {ConformanceSetupError} when the credentials are refused or the deployment does not answer.
 * @throws {ConformanceAbortedError} when `signal` aborts the run (after the erasure).
 * @example
 * const report = await runConformance({
 *   baseUrl: 'https://sandbox.assistant.example.com',
 *   clientId: process.env.PA_CLIENT_ID ?? '',
 *   clientSecret: process.env.PA_CLIENT_SECRET ?? '',
 *   only: ['messages', 'websocket'],
 * });
 * const failed = report.results.filter((result) => result.status === 'failed');
 */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  const { settings, selection } = resolveOptions(options);
  const rules = selectRules(selection);
  const signal = options.signal ?? new AbortController().signal;
  const pacer = new RequestPacer(systemPacerClock);
  const fetchWith = options.fetch ?? globalThis.fetch;
  const fetchImpl: typeof fetch = (input, init) => fetchWith(input, init);
  const api = new ApiClient({
    baseUrl: settings.baseUrl,
    fetch: fetchImpl,
    pacer,
    timeoutMs: settings.timeoutMs,
    signal,
  });
  const runPrefix = `conformance-${Array.from(crypto.getRandomValues(new Uint8Array(4)), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
  const ctx = new RunContext(settings, api, pacer, runPrefix, signal);
  const startedAt = new Date();
  const results: RuleResult[] = [];
  let cleanup: CleanupSummary = { erasedUsers: 0, failedErasures: 0 };
  try {
    signal.throwIfAborted();
    await prepare(ctx);
    for (const rule of rules) {
      signal.throwIfAborted();
      const result = await runRule(ctx, rule);
      results.push(result);
      options.onProgress?.({ result, done: results.length, total: rules.length });
    }
  } catch (error) {
    cleanup = await ctx.eraseUsers(AbortSignal.timeout(CLEANUP_TIMEOUT_MS));
    if (signal.aborted) throw new ConformanceAbortedError(cleanup, { cause: signal.reason });
    throw error;
  }
  cleanup = await ctx.eraseUsers(AbortSignal.timeout(CLEANUP_TIMEOUT_MS));
  const count = (status: RuleResult['status']) =>
    results.filter((result) => result.status === status).length;
  const failedFrom = (source: RuleResult['source']) =>
    results.filter((result) => result.status === 'failed' && result.source === source).length;
  return {
    baseUrl: settings.baseUrl,
    wsUrl: settings.wsUrl,
    runPrefix,
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    results,
    summary: {
      passed: count('passed'),
      failed: count('failed'),
      skipped: count('skipped'),
      failedBySource: {
        specification: failedFrom('specification'),
        decision: failedFrom('decision'),
      },
    },
    cleanup,
  };
}
