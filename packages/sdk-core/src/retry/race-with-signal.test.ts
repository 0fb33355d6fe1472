import { describe, expect, it } from 'vitest';
import { raceWithSignal } from './race-with-signal.ts';

describe('raceWithSignal', () => {
  it('settles like the promise while the signal is not aborted', async () => {
    await expect(raceWithSignal(Promise.resolve(1), new AbortController().signal)).resolves.toBe(1);
  });

  it('rejects with the reason of a signal aborted already, and still handles the promise', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const late = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('late'))));
      await expect(raceWithSignal(late, AbortSignal.abort(new Error('gone')))).rejects.toThrow(
        'gone',
      );
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
