import { parseArgs } from 'node:util';
import { checkPort, optionMessage } from '@partner-assistant/engine/internal';

/** Usage text printed by `--help`. */
export const USAGE = `Usage: partner-assistant-server [--config FILE] [-p|--port N] [--host H] [--admin]
         [--seed S] [--clock real|manual] [--start-at ISO] [--self-check on|off]
         [-h|--help] [--version]

In-memory reference server of the Partner Assistant API (REST and WebSocket).

Options:
  --config FILE  JSON configuration (partners, applications, assistant, queue).
                 Without it, the built-in demo configuration is used.
  -p, --port N   Port to listen on; 0 picks a free port (default 0).
  --host H       Interface to listen on (default 127.0.0.1).
  --admin        Serve the admin API under /__admin (clock, faults, tenants, journal,
                 reset). Off by default: without it, /__admin answers 404.
  --seed S       Deterministic mode: seeded ids and tokens, manual clock at --start-at
                 (needs --admin to move time, or --clock real).
  --clock MODE   real (default) or manual (time moves only via POST /__admin/clock/...,
                 so manual needs --admin).
  --start-at ISO Start instant of a manual clock (default 2026-01-01T00:00:00.000Z with
                 --seed, else now).
  --self-check on|off  Validate every response and event against the contract
                 (default on when NODE_ENV=test or CI is set).
  -h, --help     Print this help.
  --version      Print the version.

Prints one line to stdout when ready, with the REST base URL http://HOST:PORT and the
WebSocket channel ws://HOST:PORT/api/partners/v1/chat; with the demo configuration, the
demo credentials go to stderr. SIGINT/SIGTERM stop it (exit 0).
Set LOG_LEVEL (info, warn, silent...) to tune the JSON logs written to stderr.`;

/** What the command line asks for. */
export type CliRequest =
  | { kind: 'help' }
  | { kind: 'version' }
  | {
      kind: 'start';
      configFile: string | undefined;
      port: number;
      host: string;
      /** `--admin`. */
      admin: boolean;
      /** `--seed`. */
      seed?: string;
      /** `--clock`. */
      clock?: 'real' | 'manual';
      /** `--start-at`. */
      startAt?: string;
      /** `--self-check`. */
      selfCheck?: boolean;
    };

/** A command line the CLI cannot run; the message says why. */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
}

function parsePort(text: string | undefined): number {
  if (text === undefined) return 0;
  const port = /^\d{1,5}$/.test(text) ? Number(text) : text;
  const problem = checkPort(port);
  if (problem) throw new CliUsageError(optionMessage('--port', problem, text));
  return port as number;
}

interface CliValues {
  config?: string | undefined;
  port?: string | undefined;
  host?: string | undefined;
  admin?: boolean | undefined;
  seed?: string | undefined;
  clock?: string | undefined;
  'start-at'?: string | undefined;
  'self-check'?: string | undefined;
  help?: boolean | undefined;
  version?: boolean | undefined;
}

function testModeOptions(values: CliValues) {
  const { clock, seed } = values;
  const startAt = values['start-at'];
  const selfCheck = values['self-check'];
  if (clock !== undefined && clock !== 'real' && clock !== 'manual')
    throw new CliUsageError(`--clock must be real or manual, got "${clock}"`);
  if (startAt !== undefined && Number.isNaN(Date.parse(startAt)))
    throw new CliUsageError(`--start-at must be an ISO 8601 instant, got "${startAt}"`);
  if (selfCheck !== undefined && selfCheck !== 'on' && selfCheck !== 'off')
    throw new CliUsageError(`--self-check must be on or off, got "${selfCheck}"`);
  if (seed !== undefined && seed.length === 0) throw new CliUsageError('--seed must not be empty');
  const manual = clock === 'manual' || (clock === undefined && seed !== undefined);
  if (manual && !values.admin) {
    // Nothing else could ever move a manual clock: turns would stay queued and tokens never expire.
    throw new CliUsageError(
      `${clock === 'manual' ? '--clock manual' : '--seed (which makes the clock manual)'} needs --admin: time moves only through POST /__admin/clock/advance. Add --admin, or --clock real.`,
    );
  }
  return {
    admin: values.admin ?? false,
    ...(seed === undefined ? {} : { seed }),
    ...(clock === undefined ? {} : { clock: clock as 'real' | 'manual' }),
    ...(startAt === undefined ? {} : { startAt }),
    ...(selfCheck === undefined ? {} : { selfCheck: selfCheck === 'on' }),
  };
}

/**
 * Reads the command line (without `node` and the script path). A leading `--`, which
 * `pnpm start -- --port 8080` passes on, is skipped.
 */
export function parseCliArguments(argv: readonly string[]): CliRequest {
  let values: CliValues;
  try {
    ({ values } = parseArgs({
      args: argv[0] === '--' ? argv.slice(1) : [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        config: { type: 'string' },
        port: { type: 'string', short: 'p' },
        host: { type: 'string' },
        admin: { type: 'boolean' },
        seed: { type: 'string' },
        clock: { type: 'string' },
        'start-at': { type: 'string' },
        'self-check': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new CliUsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };
  const host = values.host ?? '127.0.0.1';
  if (host.length === 0) throw new CliUsageError('--host must not be empty');
  return {
    kind: 'start',
    configFile: values.config,
    port: parsePort(values.port),
    host,
    ...testModeOptions(values),
  };
}
