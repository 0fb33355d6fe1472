/** Every status a turn can have, in lifecycle order. */
export const TURN_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;

/** Status of a turn. */
export type TurnStatus = (typeof TURN_STATUSES)[number];

/** The statuses each status may move to; terminal statuses move nowhere. */
export const TURN_STATUS_TRANSITIONS: Record<TurnStatus, readonly TurnStatus[]> = {
  queued: ['running'],
  running: ['completed', 'failed'],
  completed: [],
  failed: [],
};

/** True when a turn in `from` may move to `to`. */
export function canTransitionTurn(from: TurnStatus, to: TurnStatus): boolean {
  return TURN_STATUS_TRANSITIONS[from].includes(to);
}

/** True while a turn is being processed: its turn and conversation cannot be deleted. */
export function isTurnInProgress(status: TurnStatus): boolean {
  return status === 'queued' || status === 'running';
}
