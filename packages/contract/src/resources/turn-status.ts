import { z } from 'zod';
import { TURN_STATUSES } from '../constants/turn-statuses.ts';

/** Status of a turn: `queued` → `running` → `completed` | `failed`. */
export const turnStatusSchema = z.enum(TURN_STATUSES).meta({
  id: 'TurnStatus',
  description: '`queued` on acceptance, `running` while processed, then `completed` or `failed`.',
});
