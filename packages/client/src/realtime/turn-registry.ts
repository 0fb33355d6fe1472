import { idKey } from '../internal/id-key.ts';
import type { ActiveTurn } from './active-turn.ts';

/**
 * Every turn the chat follows, from the moment the app wrote it (or resumed it) until it
 * settles: one entry per turn, found by its turn id once the server gave one, or by the
 * `client_message_id` it was sent with (both compared lower-cased, see `idKey`). A turn is
 * "re-keyed" on acceptance without moving: its id is read from it.
 */
export class TurnRegistry {
  readonly #turns = new Set<ActiveTurn>();

  /** The unsettled turn with this turn id or `client_message_id`, if any. */
  find(id: string | undefined): ActiveTurn | undefined {
    if (id === undefined) return undefined;
    const key = idKey(id);
    for (const turn of this.#turns) {
      const { turnId } = turn;
      const sentWith = turn.message?.client_message_id;
      if (turnId !== undefined && idKey(turnId) === key) return turn;
      if (sentWith !== undefined && idKey(sentWith) === key) return turn;
    }
    return undefined;
  }

  /** Starts following `turn`. */
  add(turn: ActiveTurn): void {
    this.#turns.add(turn);
  }

  /** Stops following `turn`; false when it was not followed. */
  delete(turn: ActiveTurn): boolean {
    return this.#turns.delete(turn);
  }

  /** The followed turns, as a copy (safe to change the registry while going through it). */
  list(): ActiveTurn[] {
    return [...this.#turns];
  }
}
