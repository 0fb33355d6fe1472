import type { BenchChild } from './child-process.ts';
import { runLoad } from './load.ts';
import { prepareLoad } from './prepare-load.ts';
import { spawnReferenceTarget, targetUrls } from './reference-target.ts';
import { operationsFor } from './throughput.ts';

function measure(child: BenchChild) {
  return new Promise<{ rss: number; heapUsed: number }>((resolve) => {
    child.process.once('message', (value) => resolve(value as { rss: number; heapUsed: number }));
    child.process.send('measure');
  });
}

/**
 * RSS of a fresh server process before and after it stores `messages` messages (half submitted
 * user messages, half assistant answers), measured after a full garbage collection.
 */
export async function measureStoredMessagesMemory(messages: number) {
  const reference = await spawnReferenceTarget(['--expose-gc']);
  try {
    const fixture = await prepareLoad(targetUrls(reference));
    const idle = await measure(reference);
    const submission = operationsFor(fixture)['POST messages']!;
    const load = await runLoad(fixture.url, submission, { amount: messages / 2, connections: 16 });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const loaded = await measure(reference);
    const mb = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));
    return {
      'idle RSS MB': mb(idle.rss),
      'loaded RSS MB': mb(loaded.rss),
      'loaded heap MB': mb(loaded.heapUsed),
      'heap bytes per message': Math.round((loaded.heapUsed - idle.heapUsed) / messages),
      'failed submissions': load.failures,
    };
  } finally {
    await reference.stop();
  }
}
