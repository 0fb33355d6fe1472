import type { ConformanceProgress } from '../options.ts';

/** A one-line progress display on a terminal (`[12/60] messages.replay-allowed`); silent elsewhere. */
export function progressLine(stream: Pick<NodeJS.WriteStream, 'write' | 'isTTY' | 'columns'>) {
  const live = stream.isTTY === true;
  let failed = 0;
  return {
    update: ({ result, done, total }: ConformanceProgress) => {
      if (result.status === 'failed') failed++;
      if (!live) return;
      const failures = failed ? `, ${failed} failed` : '';
      const line = `[${done}/${total}${failures}] ${result.id}`;
      stream.write(`\r\u001b[K${line.slice(0, (stream.columns || 80) - 1)}`);
    },
    clear: () => {
      if (live) stream.write('\r\u001b[K');
    },
  };
}
