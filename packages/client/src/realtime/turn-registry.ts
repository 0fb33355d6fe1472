import { idKey } from '../internal/id-key.ts';
import type { ActiveTurn } from './active-turn.ts';

/**
 * The unsettled turn among `turns` (the chat's, which only it changes) with one of these turn ids
 * or `client_message_id`s, tried in order: a turn is found by its turn id once the server gave
 * one, or by the `client_message_id` it was sent with (both compared lower-cased, see `idKey`).
 * A turn is "re-keyed" on acceptance without moving: its id is read from it.
 */
export function findTurn(
  turns: Iterable<ActiveTurn>,
  ...ids: (string | undefined)[]
): ActiveTurn | undefined {
  for (const id of ids) {
    if (id === undefined) continue;
    const key = idKey(id);
    const matches = (known: string | undefined) => known !== undefined && idKey(known) === key;
    for (const turn of turns) {
      if (matches(turn.turnId) || matches(turn.question?.clientMessageId)) return turn;
    }
  }
  return undefined;
}
