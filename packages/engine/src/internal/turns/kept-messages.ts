import type { EngineState, KeptMessage, MessageEntry } from '../state/engine-state.ts';
import { messageView } from './message-views.ts';
import { answerOfTurn } from './turn-answer.ts';

/**
 * The message an entry of a conversation's list stands for, as history pages show it: built and
 * serialized on its first read, then kept (bounded). Undefined if its turn was removed.
 */
export function keptMessage(state: EngineState, entry: MessageEntry): KeptMessage | undefined {
  if (typeof entry !== 'string') {
    return state.keptMessages.user.get(entry.id, () =>
      keep(messageView(entry, 'user', answerOfTurn)),
    );
  }
  const turn = state.turns.get(entry);
  if (turn === undefined) return undefined;
  return state.keptMessages.assistant.get(entry, () =>
    keep(messageView(turn, 'assistant', answerOfTurn)),
  );
}

function keep(view: KeptMessage['view']): KeptMessage {
  return { view: Object.freeze(view), json: JSON.stringify(view) };
}
