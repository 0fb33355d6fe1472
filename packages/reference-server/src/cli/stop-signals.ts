/**
 * How long a stop may take: past it the process exits anyway (0), so a container engine, which
 * waits 10 s before it kills, never has to.
 * @default 800
 */
export const STOP_DEADLINE_MS = 800;

/** What {@link exitOnStopSignals} returns: where to hand the running server's `close`. */
export interface StopSignals {
  /** The server is listening: a stop signal closes it, then exits 0. */
  closeWith(close: () => Promise<void>): void;
}

/**
 * Makes SIGINT and SIGTERM stop the process with exit code 0, from the moment it is called (even
 * while the server is still starting). Needed in a container, where the server is PID 1: the
 * kernel gives PID 1 no default action for a signal it does not handle, so without handlers
 * `docker stop` would wait and kill. Ctrl-C reaches every process of the terminal's group: the
 * signal may come twice (once from the terminal, once relayed by a runner such as pnpm); the
 * handler stays for the second, which would otherwise end the process by the signal, not 0.
 *
 * @example
 * const signals = exitOnStopSignals();
 * const server = await startReferenceServer(options);
 * signals.closeWith(() => server.close());
 */
export function exitOnStopSignals(deadlineMs: number = STOP_DEADLINE_MS): StopSignals {
  let close: (() => Promise<void>) | undefined;
  let stopping = false;
  const exit = () => process.exit(0);
  const stop = () => {
    if (stopping) return;
    stopping = true;
    if (!close) return exit();
    setTimeout(exit, deadlineMs).unref();
    close().then(exit, exit);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return {
    closeWith: (serverClose) => {
      close = serverClose;
    },
  };
}
