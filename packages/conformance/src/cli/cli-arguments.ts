import { parseArgs } from 'node:util';
import type { ApplicationCredentials, ConformanceOptions } from '../options.ts';
import { REPORT_FORMATS, type ReportFormat } from '../reporters/index.ts';
import { RULE_GROUP_LIST, type RuleSelector } from '../rule-groups.ts';

/** Usage text printed by `--help`. */
export const USAGE = `Usage: partner-assistant-conformance --base-url URL --client-id ID --client-secret SECRET
         [--ws-url URL] [--only GROUP,...] [--reporter pretty|json|junit] [--output FILE]
         [--timeout-ms N] [extra applications] [-h|--help] [--version]

Checks a deployment of the Partner Assistant API (REST and WebSocket) against the
specification and the recorded decisions. Every user it creates has an external id
starting with a run prefix and is erased at the end, also after a failure or Ctrl-C.
It paces itself under the application's requests_per_minute and never prints a secret.

Options:
  --base-url URL       REST base URL (paths start with /api/partners/v1).
  --client-id ID       Application client id (env PARTNER_ASSISTANT_CLIENT_ID).
  --client-secret S    Its secret (env PARTNER_ASSISTANT_CLIENT_SECRET, which keeps it out
                       of the process list).
  --ws-url URL         WebSocket base URL (default: the base URL with ws:// or wss://).
  --only LIST          Comma-separated groups: ${RULE_GROUP_LIST.join(', ')};
                       and/or specification (only rules quoting the specification) or
                       decisions (only rules checking a recorded decision).
  --reporter R         pretty (default), json or junit.
  --output FILE        Write the report to FILE instead of stdout.
  --timeout-ms N       Time allowed per request, event and turn (default 10000).

Extra applications (rules that need one are skipped without it):
  --other-partner-client-id ID --other-partner-client-secret S
                       An application of another partner: cross-tenant isolation.
  --read-only-client-id ID --read-only-client-secret S
                       Same partner and environment, without chat:write: scopes.
  --limited-client-id ID --limited-client-secret S
                       requests_per_minute of 20 at most, which the run exhausts: 429.

Exit codes: 0 nothing failed, 1 a rule failed, 2 bad usage or the run could not start
(credentials refused, no answer), 130 interrupted.`;

/** A command line the CLI cannot run; the message says why. */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
}

/** What the command line asks for. */
export type CliRequest =
  | { kind: 'help' }
  | { kind: 'version' }
  | {
      kind: 'run';
      options: Omit<ConformanceOptions, 'signal' | 'onProgress' | 'fetch'>;
      reporter: ReportFormat;
      output: string | undefined;
    };

const STRING_FLAGS = [
  'base-url',
  'client-id',
  'client-secret',
  'ws-url',
  'only',
  'reporter',
  'output',
  'timeout-ms',
  'other-partner-client-id',
  'other-partner-client-secret',
  'read-only-client-id',
  'read-only-client-secret',
  'limited-client-id',
  'limited-client-secret',
] as const;

type Values = Partial<Record<(typeof STRING_FLAGS)[number], string>>;

function pair(
  values: Values,
  prefix: 'other-partner' | 'read-only' | 'limited',
): ApplicationCredentials | undefined {
  const clientId = values[`${prefix}-client-id`];
  const clientSecret = values[`${prefix}-client-secret`];
  if (clientId === undefined && clientSecret === undefined) return undefined;
  if (!clientId || !clientSecret)
    throw new CliUsageError(`--${prefix}-client-id and --${prefix}-client-secret go together`);
  return { clientId, clientSecret };
}

function required(value: string | undefined, flag: string): string {
  if (!value) throw new CliUsageError(`${flag} is required`);
  return value;
}

/** Parses the command line (and the two environment fallbacks). */
export function parseCliArguments(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): CliRequest {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    const options = Object.fromEntries(
      STRING_FLAGS.map((flag) => [flag, { type: 'string' as const }]),
    );
    parsed = parseArgs({
      args: [...argv],
      options: { ...options, help: { type: 'boolean', short: 'h' }, version: { type: 'boolean' } },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    // A stray value may be a secret typed after the wrong flag: never echo it.
    if ((error as { code?: unknown }).code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
      throw new CliUsageError(
        'Unexpected argument: every value follows its flag (--client-secret S)',
      );
    throw new CliUsageError((error as Error).message);
  }
  const values = parsed.values as Values & { help?: boolean; version?: boolean };
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };
  const reporter = (values.reporter ?? 'pretty') as ReportFormat;
  if (!REPORT_FORMATS.includes(reporter))
    throw new CliUsageError(
      `--reporter must be ${REPORT_FORMATS.join(', ')}; got ${values.reporter}`,
    );
  const timeoutText = values['timeout-ms'];
  if (timeoutText !== undefined && !/^[1-9]\d*$/.test(timeoutText))
    throw new CliUsageError(`--timeout-ms must be a positive integer; got ${timeoutText}`);
  const only = values.only
    ?.split(',')
    .map((entry) => entry.trim())
    .filter(Boolean) as RuleSelector[] | undefined;
  return {
    kind: 'run',
    reporter,
    output: values.output,
    options: {
      baseUrl: required(values['base-url'], '--base-url'),
      clientId: required(values['client-id'] ?? env.PARTNER_ASSISTANT_CLIENT_ID, '--client-id'),
      clientSecret: required(
        values['client-secret'] ?? env.PARTNER_ASSISTANT_CLIENT_SECRET,
        '--client-secret',
      ),
      ...(values['ws-url'] ? { wsUrl: values['ws-url'] } : {}),
      ...(only ? { only } : {}),
      ...(timeoutText ? { timeoutMs: Number(timeoutText) } : {}),
      otherPartner: pair(values, 'other-partner'),
      readOnly: pair(values, 'read-only'),
      limited: pair(values, 'limited'),
    },
  };
}
