import { parseArgs } from 'node:util';

/** Usage text printed by `--help`. */
export const USAGE = `Usage: partner-assistant-server [--config FILE] [--port N] [--host H]

In-memory reference server of the Partner Assistant API (REST and WebSocket).

Options:
  --config FILE  JSON configuration (partners, applications, assistant, queue).
                 Without it, the built-in demo configuration is used.
  --port N       Port to listen on; 0 picks a free port (default 0).
  --host H       Interface to listen on (default 127.0.0.1).
  --help         Print this help.

Prints one line containing http://HOST:PORT when ready. SIGINT/SIGTERM stop it (exit 0).
Set LOG_LEVEL (info, warn, silent...) to tune the JSON logs written to stderr.`;

/** What the command line asks for. */
export type CliRequest =
  | { kind: 'help' }
  | { kind: 'start'; configFile: string | undefined; port: number; host: string };

/** A command line the CLI cannot run; the message says why. */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
}

function parsePort(text: string | undefined): number {
  if (text === undefined) return 0;
  const port = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!(port >= 0 && port <= 65_535))
    throw new CliUsageError(`--port must be an integer from 0 to 65535, got "${text}"`);
  return port;
}

/** Reads the command line (without `node` and the script path). */
export function parseCliArguments(argv: readonly string[]): CliRequest {
  let values: {
    config?: string | undefined;
    port?: string | undefined;
    host?: string | undefined;
    help?: boolean | undefined;
  };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        config: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new CliUsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return { kind: 'help' };
  const host = values.host ?? '127.0.0.1';
  if (host.length === 0) throw new CliUsageError('--host must not be empty');
  return { kind: 'start', configFile: values.config, port: parsePort(values.port), host };
}
