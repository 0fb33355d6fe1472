import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { ConformanceOptionsError } from '../options.ts';
import { formatReport } from '../reporters/index.ts';
import {
  ConformanceAbortedError,
  ConformanceSetupError,
  runConformance,
} from '../run-conformance.ts';
import { CliUsageError, parseCliArguments, USAGE } from './cli-arguments.ts';
import { progressLine } from './progress-line.ts';

/** The package version: `dist/cli.js` and `src/cli/run-cli.ts` sit at different depths. */
function packageVersion(): string {
  const built = new URL('../package.json', import.meta.url);
  const manifestUrl = existsSync(built) ? built : new URL('../../package.json', import.meta.url);
  return String(JSON.parse(readFileSync(manifestUrl, 'utf8')).version);
}

/** Where the CLI reads and writes: the process's own streams, or a test's. */
export interface CliIo {
  stdout: Pick<NodeJS.WriteStream, 'write' | 'isTTY'>;
  stderr: Pick<NodeJS.WriteStream, 'write' | 'isTTY' | 'columns'>;
  env: NodeJS.ProcessEnv;
}

/** Runs the CLI; resolves with the exit code. */
export async function runCli(argv: readonly string[], io: CliIo = process): Promise<number> {
  const { stdout, stderr } = io;
  let request: ReturnType<typeof parseCliArguments>;
  try {
    request = parseCliArguments(argv, io.env);
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error;
    stderr.write(`${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (request.kind === 'help') {
    stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (request.kind === 'version') {
    stdout.write(`${packageVersion()}\n`);
    return 0;
  }
  const controller = new AbortController();
  const interrupt = () => {
    if (controller.signal.aborted) process.exit(130);
    stderr.write('\nInterrupted: erasing the users the run created (Ctrl-C again to quit now)…\n');
    controller.abort(new Error('interrupted'));
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  const progress = progressLine(stderr);
  try {
    const report = await runConformance({
      ...request.options,
      signal: controller.signal,
      onProgress: progress.update,
    });
    progress.clear();
    const color =
      !request.output && request.reporter === 'pretty' && stdout.isTTY === true && !io.env.NO_COLOR;
    const text = formatReport(report, request.reporter, { color });
    if (request.output) writeFileSync(request.output, text);
    else stdout.write(text);
    if (request.output && request.reporter !== 'pretty')
      stderr.write(formatReport(report, 'pretty').split('\n').slice(-3).join('\n'));
    return report.summary.failed > 0 ? 1 : 0;
  } catch (error) {
    progress.clear();
    if (error instanceof ConformanceAbortedError) {
      const { erasedUsers, failedErasures } = error.cleanup;
      stderr.write(
        `Aborted. Erased ${erasedUsers} users${failedErasures ? `; ${failedErasures} erasures failed` : ''}.\n`,
      );
      return 130;
    }
    if (error instanceof ConformanceOptionsError || error instanceof ConformanceSetupError) {
      stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
  }
}
