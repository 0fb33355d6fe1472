import { readFileSync, writeFileSync } from 'node:fs';
import { ConformanceOptionsError } from '../options.ts';
import { formatReport } from '../reporters/index.ts';
import {
  ConformanceAbortedError,
  ConformanceSetupError,
  runConformance,
} from '../run-conformance.ts';
import { CliUsageError, parseCliArguments, USAGE } from './cli-arguments.ts';
import { progressLine } from './progress-line.ts';

function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  return String(manifest.version);
}

/** Runs the CLI; resolves with the exit code. */
export async function runCli(argv: readonly string[]): Promise<number> {
  let request: ReturnType<typeof parseCliArguments>;
  try {
    request = parseCliArguments(argv);
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error;
    process.stderr.write(`${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (request.kind === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (request.kind === 'version') {
    process.stdout.write(`${packageVersion()}\n`);
    return 0;
  }
  const controller = new AbortController();
  const interrupt = () => {
    if (controller.signal.aborted) process.exit(130);
    process.stderr.write(
      '\nInterrupted: erasing the users the run created (Ctrl-C again to quit now)…\n',
    );
    controller.abort(new Error('interrupted'));
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  const progress = progressLine(process.stderr);
  try {
    const report = await runConformance({
      ...request.options,
      signal: controller.signal,
      onProgress: progress.update,
    });
    progress.clear();
    const color =
      !request.output &&
      request.reporter === 'pretty' &&
      process.stdout.isTTY &&
      !process.env.NO_COLOR;
    const text = formatReport(report, request.reporter, { color });
    if (request.output) writeFileSync(request.output, text);
    else process.stdout.write(text);
    if (request.output && request.reporter !== 'pretty')
      process.stderr.write(formatReport(report, 'pretty').split('\n').slice(-3).join('\n'));
    return report.summary.failed > 0 ? 1 : 0;
  } catch (error) {
    progress.clear();
    if (error instanceof ConformanceAbortedError) {
      const { erasedUsers, failedErasures } = error.cleanup;
      process.stderr.write(
        `Aborted. Erased ${erasedUsers} users${failedErasures ? `; ${failedErasures} erasures failed` : ''}.\n`,
      );
      return 130;
    }
    if (error instanceof ConformanceOptionsError || error instanceof ConformanceSetupError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
  }
}

process.exitCode = await runCli(process.argv.slice(2));
