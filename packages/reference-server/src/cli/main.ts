import { readFile } from 'node:fs/promises';
import { DEMO_CONFIG, ReferenceConfigError } from '@partner-assistant/engine/internal';
import pino from 'pino';
import { startReferenceServer } from '../start-reference-server.ts';
import { CliUsageError, parseCliArguments, USAGE } from './cli-arguments.ts';
import { packageVersion } from './package-version.ts';
import { demoCredentialsText, readyLine } from './ready-message.ts';

async function readConfigFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new CliUsageError(`Cannot read config file ${file}: ${(error as Error).message}`);
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
    const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' }, pino.destination(2));
    const { kind: _kind, configFile: _configFile, ...serverOptions } = request;
    const server = await startReferenceServer({ ...serverOptions, config, logger });
    // Ctrl-C reaches every process of the terminal's group: the signal comes twice (once from
    // the terminal, once relayed by a runner such as tsx or pnpm). Keeping the handler for the
    // second one stops Node's default, which would end the process by the signal instead of 0.
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      void server.close().then(() => process.exit(0));
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    process.stdout.write(`${readyLine(server, request)}\n`);
    if (!request.configFile) process.stderr.write(`${demoCredentialsText()}\n`);
    return undefined;
  } catch (error) {
    if (error instanceof CliUsageError || error instanceof ReferenceConfigError) {
      process.stderr.write(
        `${error.message}\n${error instanceof CliUsageError ? `\n${USAGE}\n` : ''}`,
      );
      return 2;
    }
    process.stderr.write(`Cannot start the server: ${(error as Error).message}\n`);
    return 1;
  }
}

const exitCode = await runCli(process.argv.slice(2));
if (exitCode !== undefined) process.exitCode = exitCode;
