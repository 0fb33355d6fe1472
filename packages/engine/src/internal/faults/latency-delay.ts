/**
 * Waits `ms` of real time (injected latency is a real wait, whatever the engine clock), without
 * keeping a Node process alive for it. Resolves at once for 0.
 */
export function latencyDelay(ms: number): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer: unknown = setTimeout(resolve, ms);
    (timer as { unref?: () => void }).unref?.();
  });
}
