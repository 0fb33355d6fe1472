import { PATH_PREFIX } from '@partner-assistant/contract';
import { BENCH_CREDENTIALS } from './bench-config.ts';
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

/** Erases the load's user, as a partner's backend would. */
async function eraseLoadUser(url: string): Promise<void> {
  const basic = `Basic ${btoa(`${BENCH_CREDENTIALS.clientId}:${BENCH_CREDENTIALS.clientSecret}`)}`;
  const response = await fetch(`${url}${PATH_PREFIX}/users/bench-user`, {
    method: 'DELETE',
    headers: { authorization: basic },
  });
  if (!response.ok) throw new Error(`erasure answered ${response.status}`);
}

/**
 * RSS and heap of a fresh server process before and after it stores `messages` messages (half
 * submitted user messages, half assistant answers), then after their user is erased, each
 * measured after a full garbage collection. The released share is what the erasure gave back of
 * what the load took.
 */
export async function measureStoredMessagesMemory(messages: number) {
  const reference = await spawnReferenceTarget(['--expose-gc']);
  try {
    // A warm-up load, then erased: compiled code and the full request journal are then part of
    // the idle figure, and what follows measures the stored messages alone.
    const warmUp = await prepareLoad(targetUrls(reference));
    await runLoad(warmUp.url, operationsFor(warmUp)['POST messages']!, {
      amount: 2_000,
      connections: 16,
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await eraseLoadUser(warmUp.url);
    const fixture = await prepareLoad(targetUrls(reference));
    const idle = await measure(reference);
    const submission = operationsFor(fixture)['POST messages']!;
    const load = await runLoad(fixture.url, submission, { amount: messages / 2, connections: 16 });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const loaded = await measure(reference);
    await eraseLoadUser(fixture.url);
    const erased = await measure(reference);
    const mb = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));
    return {
      'idle RSS MB': mb(idle.rss),
      'loaded RSS MB': mb(loaded.rss),
      'loaded heap MB': mb(loaded.heapUsed),
      'heap bytes per message': Math.round((loaded.heapUsed - idle.heapUsed) / messages),
      'released by erasure %': Math.round(
        (100 * (loaded.heapUsed - erased.heapUsed)) / (loaded.heapUsed - idle.heapUsed),
      ),
      'failed submissions': load.failures,
    };
  } finally {
    await reference.stop();
  }
}
