import { readFile } from 'node:fs/promises';
import { DEMO_CONFIG, ReferenceConfigError } from '@partner-assistant/engine/transport';
import { startReferenceServer } from '../start-reference-server.ts';
import { CliUsageError, parseCliArguments } from './cli-arguments.ts';
import { createCliLogger } from './cli-logger.ts';
import { USAGE } from './cli-usage.ts';
import { helpCommand } from './help-command.ts';
import { packageVersion } from './package-version.ts';
import { nextStepsText, readyLine } from './ready-message.ts';
import { exitOnStopSignals } from './stop-signals.ts';

/**
 * What to do about a file the server may not read: who it runs as (in the container image, the
 * `node` user, uid 1000), and the two ways out.
 */
function unreadableHint(error: unknown, file: string): string {
  if ((error as { code?: unknown }).code !== 'EACCES' || !process.getuid || !process.getgid) {
    return '';
  }
  const [uid, gid] = [process.getuid(), process.getgid()];
  return `. The server runs as uid ${uid}, gid ${gid}: make the file readable to it (chmod a+r ${file} on the host), or, in a container, start it as the file's owner (--user "$(id -u):$(id -g)")`;
}

async function readConfigFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new CliUsageError(
      `Cannot read config file ${file}: ${(error as Error).message}${unreadableHint(error, file)}`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliUsageError(`Config file ${file} is not valid JSON: ${(error as Error).message}`);
  }
}

/** Runs the CLI; resolves once the server is listening, returns the exit code on failure. */
export async function runCli(argv: readonly string[]): Promise<number | undefined> {
  try {
    const request = parseCliArguments(argv);
    if (request.kind === 'help') {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (request.kind === 'version') {
      process.stdout.write(`${packageVersion()}\n`);
      return 0;
    }
    const config = request.configFile ? await readConfigFile(request.configFile) : DEMO_CONFIG;
    const { kind: _kind, configFile: _configFile, logFormat, logLevel, ...serverOptions } = request;
    const logger = createCliLogger({ format: logFormat, level: logLevel, stream: process.stderr });
    const signals = exitOnStopSignals();
    const server = await startReferenceServer({ ...serverOptions, config, logger });
    signals.closeWith(() => server.close());
    process.stdout.write(`${readyLine(server, request)}\n`);
    process.stderr.write(`${nextStepsText(server, !request.configFile)}\n`);
    return undefined;
  } catch (error) {
    if (error instanceof CliUsageError || error instanceof ReferenceConfigError) {
      // The reason, then where to look: the whole usage would bury the one line that matters.
      const help = helpCommand(process.argv, process.env);
      const hint = error instanceof CliUsageError ? `Run \`${help}\`.\n` : '';
      process.stderr.write(`${error.message}\n${hint}`);
      return 2;
    }
    if ((error as { code?: unknown }).code === 'EADDRINUSE') {
      process.stderr.write(
        `Cannot start the server: ${(error as Error).message}. Another server holds the port: stop it, or choose one with --port N (0 picks a free port).\n`,
      );
      return 1;
    }
    process.stderr.write(`Cannot start the server: ${(error as Error).message}\n`);
    return 1;
  }
}

// No top-level await: the one-file bundle is CommonJS (what a Node single executable runs).
void runCli(process.argv.slice(2)).then((exitCode) => {
  if (exitCode !== undefined) process.exitCode = exitCode;
});
