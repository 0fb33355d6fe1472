/** Node's `util.inspect.custom`, reached without importing `node:util` (absent on some runtimes). */
export const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** Shown in place of a secret. */
export const REDACTED = '[redacted]';
