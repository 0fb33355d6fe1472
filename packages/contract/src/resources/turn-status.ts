import { z } from 'zod';

/** Every status a turn can have, in lifecycle order. */
export const TURN_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;

/** Status of a turn: `queued` → `running` → `completed` | `failed`. */
export const turnStatusSchema = z.enum(TURN_STATUSES).meta({
  id: 'TurnStatus',
  description: '`queued` on acceptance, `running` while processed, then `completed` or `failed`.',
});

/** Status of a turn. */
export type TurnStatus = z.infer<typeof turnStatusSchema>;

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
