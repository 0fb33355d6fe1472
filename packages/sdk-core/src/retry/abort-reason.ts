/**
 * Why `signal` was aborted: its `reason`, or, on runtimes whose `AbortSignal` has none (React
 * Native's), an `AbortError` so that a caller never receives `undefined`.
 */
export function abortReason(signal: AbortSignal): unknown {
  const { reason } = signal as { reason?: unknown };
  if (reason !== undefined) return reason;
  const error = new Error('The operation was aborted');
  error.name = 'AbortError';
  return error;
}
