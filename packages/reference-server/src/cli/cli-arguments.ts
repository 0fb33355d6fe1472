import { parseArgs } from 'node:util';
import {
  checkPort,
  optionMessage,
  SERVER_PROFILES,
  type ServerProfile,
  UUID_CASES,
  type UuidCase,
} from '@partner-assistant/engine/transport';
import { LOG_LEVELS, type LogFormat, type LogLevel } from './cli-logger.ts';
import { DEFAULT_PORT } from './cli-usage.ts';

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
      /** `--profile`. */
      profile?: ServerProfile;
      /** `--uuid-case`. */
      uuidCase?: UuidCase;
      /** `--log-format`; without it, pretty when the logs go to a terminal. */
      logFormat: LogFormat | undefined;
      /** `--log-level`, else `LOG_LEVEL`, else `info`. */
      logLevel: LogLevel;
    };

/** A command line the CLI cannot run; the message says why. */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
}

/** The environment variables the CLI reads. */
export interface CliEnvironment {
  /** The port when `--port` is absent (as platforms such as Heroku or Cloud Run set it). */
  PORT?: string | undefined;
  /** The log level when `--log-level` is absent. */
  LOG_LEVEL?: string | undefined;
}

function parsePort(flag: string | undefined, env: CliEnvironment): number {
  const [name, text] = flag !== undefined ? ['--port', flag] : ['PORT', env.PORT];
  if (text === undefined || text === '') return DEFAULT_PORT;
  const port = /^\d{1,5}$/.test(text) ? Number(text) : text;
  const problem = checkPort(port);
  if (problem) throw new CliUsageError(optionMessage(name, problem, text));
  return port as number;
}

function logOptions(values: CliValues, env: CliEnvironment) {
  const format = values['log-format'];
  if (format !== undefined && format !== 'pretty' && format !== 'json')
    throw new CliUsageError(`--log-format must be pretty or json, got "${format}"`);
  const [name, level] =
    values['log-level'] !== undefined
      ? ['--log-level', values['log-level']]
      : ['LOG_LEVEL', env.LOG_LEVEL || 'info'];
  if (!(LOG_LEVELS as readonly string[]).includes(level))
    throw new CliUsageError(`${name} must be one of ${LOG_LEVELS.join(', ')}, got "${level}"`);
  return { logFormat: format as LogFormat | undefined, logLevel: level as LogLevel };
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
  profile?: string | undefined;
  'uuid-case'?: string | undefined;
  'log-format'?: string | undefined;
  'log-level'?: string | undefined;
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

/** `--profile` and `--uuid-case`, when given. */
function profileOptions(values: CliValues) {
  const { profile } = values;
  const uuidCase = values['uuid-case'];
  if (profile !== undefined && !(SERVER_PROFILES as readonly string[]).includes(profile))
    throw new CliUsageError(`--profile must be ${SERVER_PROFILES.join(' or ')}, got "${profile}"`);
  if (uuidCase !== undefined && !(UUID_CASES as readonly string[]).includes(uuidCase))
    throw new CliUsageError(`--uuid-case must be ${UUID_CASES.join(' or ')}, got "${uuidCase}"`);
  return {
    ...(profile === undefined ? {} : { profile: profile as ServerProfile }),
    ...(uuidCase === undefined ? {} : { uuidCase: uuidCase as UuidCase }),
  };
}

/**
 * Reads the command line (without `node` and the script path) and the environment. A leading
 * `--`, which `pnpm start -- --port 4011` passes on, is skipped.
 */
export function parseCliArguments(
  argv: readonly string[],
  env: CliEnvironment = process.env,
): CliRequest {
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
        profile: { type: 'string' },
        'uuid-case': { type: 'string' },
        'log-format': { type: 'string' },
        'log-level': { type: 'string' },
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
    port: parsePort(values.port, env),
    host,
    ...testModeOptions(values),
    ...profileOptions(values),
    ...logOptions(values, env),
  };
}
