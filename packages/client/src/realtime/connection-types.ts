import type { ServerEvent } from '@partner-assistant/contract';
import type { TokenSource } from '../tokens/token-source.ts';
import type { ConnectionState, ConnectionStateChange } from './connection-states.ts';
import type { LifecycleAdapter } from './lifecycle.ts';
import type { ReconnectPolicy } from './retry-plan.ts';
import type { AttemptSettings } from './socket-attempt.ts';

/** Listeners of the connection, by event name. */
export interface ConnectionEvents extends Record<string, unknown[]> {
  /** The state changed. */
  statechange: [state: ConnectionState, change: ConnectionStateChange];
  /**
   * The retry plan changed: an attempt was planned in `retryInMs`, or the plan was dropped
   * (`undefined`: an attempt began, or none is planned any more). Told after the `statechange`
   * it belongs to, whose change carries the same `retryInMs`.
   */
  retrychange: [retryInMs: number | undefined];
  /** A listener of the client (of the connection or of a turn stream) threw `error`. */
  error: [error: unknown];
  /** @internal An event passed the door. */
  frame: [event: ServerEvent];
  /** @internal An event of turn `turnId` did not pass the door. */
  skipped: [turnId: string];
  /** @internal A socket opened: unfinished turns resume. */
  open: [];
  /** @internal The connection gave up for good. */
  failure: [error: Error];
}

/** Everything a {@link Connection} needs, injected. */
export interface ConnectionSettings extends ReconnectPolicy, AttemptSettings {
  tokens: TokenSource;
  lifecycle: LifecycleAdapter | undefined;
}
