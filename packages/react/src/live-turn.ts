import type { Location, Message, MessageMetadata } from '@partner-assistant/contract';
import type {
  ConversationMessage,
  ConversationSnapshot,
  ConversationStatus,
} from './conversation-state.ts';

/** What `send` was given, kept so `retry` can send the same message again. */
export interface SentMessage {
  text: string;
  clientMessageId: string;
  location?: Location | undefined;
  metadata?: MessageMetadata | undefined;
}

/** A turn the conversation follows: sent from here, or found in progress in the history. */
export interface LiveTurn {
  /** What was sent from here (`undefined` for a turn found in the history). */
  sent?: SentMessage | undefined;
  /** The user's message as shown (optimistic until accepted; from the history when resumed). */
  question: ConversationMessage;
  /** Known once the server accepted the question. */
  turnId?: string | undefined;
  phase: 'sending' | 'streaming' | 'completed' | 'failed';
  /** The answer text so far. */
  text: string;
  /** The last progress label. */
  label: string | null;
  /** The final answer, once completed. */
  answer?: Message | undefined;
}

const noContent = { cards: [], visualizations: [], suggested_actions: [] };

/** A turn just sent: its question shows at once, as `pending`. */
export function sentTurn(sent: SentMessage, now: Date): LiveTurn {
  return {
    sent,
    question: {
      ...noContent,
      message_id: `local-${sent.clientMessageId}`,
      turn_id: '',
      role: 'user',
      content: sent.text,
      status: 'pending',
      created_at: now.toISOString(),
    },
    phase: 'sending',
    text: '',
    label: null,
  };
}

/** A turn found running in the history (sent from another screen, or before a restart). */
export function resumedTurn(question: ConversationMessage): LiveTurn {
  return { question, turnId: question.turn_id, phase: 'streaming', text: '', label: null };
}

/** Marks the question accepted, with the ids the server gave it (`TurnStream`'s `accepted`). */
export function acceptTurn(
  turn: LiveTurn,
  turnId: string,
  userMessageId: string | undefined,
): void {
  turn.turnId = turnId;
  if (turn.phase === 'sending') turn.phase = 'streaming';
  turn.question = {
    ...turn.question,
    turn_id: turnId,
    message_id: userMessageId ?? turn.question.message_id,
    status: 'completed',
  };
}

/** The messages a turn adds to the conversation while (or once) it runs. */
export function turnMessages(turn: LiveTurn): ConversationMessage[] {
  const question: ConversationMessage =
    turn.phase === 'failed' ? { ...turn.question, status: 'failed' } : turn.question;
  if (turn.answer) return [question, turn.answer];
  if (turn.phase !== 'streaming' || turn.text === '') return [question];
  const answer: ConversationMessage = {
    ...noContent,
    message_id: `local-answer-${turn.turnId ?? question.message_id}`,
    turn_id: turn.turnId ?? '',
    role: 'assistant',
    content: turn.text,
    status: 'streaming',
    created_at: question.created_at,
  };
  return [question, answer];
}

/** The messages `turn`, completed, adds to `history`: its question only if not there yet. */
export function settledMessages(
  history: ConversationMessage[],
  turn: LiveTurn,
): ConversationMessage[] {
  const known = new Set(history.map((m) => m.message_id));
  for (const m of history) if (m.role === 'user') known.add(`q${m.turn_id}`);
  return turnMessages(turn).filter(
    (m) => !known.has(m.message_id) && !(m.role === 'user' && known.has(`q${m.turn_id}`)),
  );
}

/** The snapshot of a conversation: its `history`, then the live `turns`; `latest` sets `status`. */
export function snapshotOf(
  history: ConversationMessage[],
  turns: LiveTurn[],
  latest: LiveTurn | undefined,
  state: Pick<ConversationSnapshot, 'error' | 'hasOlder' | 'loadingHistory'>,
): ConversationSnapshot {
  const shown = new Set(history.map((m) => m.message_id));
  const liveMessages = turns.flatMap(turnMessages).filter((m) => !shown.has(m.message_id));
  const phase = latest && turns.includes(latest) ? latest.phase : undefined; // not a discarded one
  const status: ConversationStatus =
    phase === 'sending' || phase === 'streaming' ? phase : state.error ? 'error' : 'idle';
  return {
    ...state,
    messages: [...history, ...liveMessages],
    status,
    streamingText: phase === 'streaming' ? (latest?.text ?? '') : '',
    statusLabel: latest && latest.phase !== 'failed' ? latest.label : null,
  };
}
