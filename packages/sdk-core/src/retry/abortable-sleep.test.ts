import { describe, expect, it } from 'vitest';
import { abortableSleep } from './abortable-sleep.ts';

describe('abortableSleep', () => {
  it('resolves after the delay', async () => {
    await expect(abortableSleep(1)).resolves.toBeUndefined();
  });

  it('rejects with the reason as soon as the signal aborts', async () => {
    const controller = new AbortController();
    const sleeping = abortableSleep(60_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(sleeping).rejects.toThrow('stop');
  });

  it('rejects at once when the signal is already aborted', async () => {
    await expect(abortableSleep(60_000, AbortSignal.abort(new Error('gone')))).rejects.toThrow(
      'gone',
    );
  });
});
