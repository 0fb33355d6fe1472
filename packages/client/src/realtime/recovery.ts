/** What the scheduler reads of a followed turn. */
export interface ScheduledTurn {
  readonly startedAt: number;
  readonly heardAt: number;
  readonly idles: number;
  /** Since when it waits for the socket: always set while the socket is not open. */
  readonly awayAt: number | undefined;
  readonly polling: boolean;
  /** Nothing may leave for it yet. */
  readonly held: boolean;
}

/** The clock settings of the chat's recovery. */
export interface RecoveryTiming {
  streamIdleTimeoutMs: number;
  recoveryWindowMs: number;
  /** The longest a turn is followed before its stream fails with a `PartnerTimeoutError`. */
  turnTimeoutMs: number;
}

/** What to do with a turn now, or when to look again (in ms). */
export type Decision<T> =
  | [kind: 'resubscribe' | 'poll' | 'expire', turn: T]
  | [kind: 'wait', ms: number];

/**
 * The recovery of the chat's turns, as a pure function of their state, the socket and the clock:
 * a turn silent for `streamIdleTimeoutMs` on an open socket is resubscribed, and a second silence
 * sends it to REST (`poll`); a turn without progress for `recoveryWindowMs` since the socket went
 * away is followed over REST, even if the socket keeps coming back without delivering; a turn not
 * ended `turnTimeoutMs` after it was sent `expire`s. `wait` says when to decide again (once, at
 * the end; none when nothing is due). The chat applies the decisions (`expire` last); nothing here
 * changes a turn or calls back.
 */
export function decide<T extends ScheduledTurn>(
  turns: readonly T[],
  at: number,
  open: boolean,
  timing: RecoveryTiming,
): Decision<T>[] {
  const { streamIdleTimeoutMs: idle, recoveryWindowMs: window, turnTimeoutMs } = timing;
  const decisions: Decision<T>[] = [];
  const expired: Decision<T>[] = [];
  let next = Infinity;
  for (const turn of turns) {
    const deadline = turn.startedAt + turnTimeoutMs;
    if (at >= deadline) {
      expired.push(['expire', turn]);
      continue;
    }
    next = Math.min(next, deadline);
    if (turn.polling || turn.held) continue;
    const away = turn.awayAt ?? Infinity;
    const silent = open && at - turn.heardAt >= idle;
    if (at - away >= window || (silent && turn.idles > 0)) {
      decisions.push(['poll', turn]);
      continue;
    }
    if (silent) decisions.push(['resubscribe', turn]);
    // A turn resubscribed now is heard of now: its next silence counts from here.
    next = Math.min(next, away + window, open ? (silent ? at : turn.heardAt) + idle : Infinity);
  }
  if (next < Infinity) decisions.push(['wait', next - at]);
  return [...decisions, ...expired];
}
