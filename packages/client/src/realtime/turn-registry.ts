import { idKey } from '../internal/id-key.ts';
import type { ActiveTurn } from './active-turn.ts';

/**
 * Every turn the chat follows, from the moment the app wrote it (or resumed it) until it
 * settles: one entry per turn, found by its turn id once the server gave one, or by the
 * `client_message_id` it was sent with (both compared lower-cased, see `idKey`). A turn is
 * "re-keyed" on acceptance without moving: its id is read from it. Following a turn is adding it;
 * forgetting it, deleting it; going through the turns while that may happen, a copy (`[...turns]`).
 */
export class TurnRegistry extends Set<ActiveTurn> {
  /** The unsettled turn with one of these turn ids or `client_message_id`s (tried in order), if any. */
  find(...ids: (string | undefined)[]): ActiveTurn | undefined {
    for (const id of ids) {
      if (id === undefined) continue;
      const key = idKey(id);
      const matches = (known: string | undefined) => known !== undefined && idKey(known) === key;
      for (const turn of this) {
        if (matches(turn.turnId) || matches(turn.question?.clientMessageId)) return turn;
      }
    }
    return undefined;
  }
}
