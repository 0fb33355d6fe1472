import type { Location, Message, MessageMetadata, Turn } from '@partner-assistant/contract';
import type { ConversationMessage } from './conversation-state.ts';

/** What `send` was given, kept so `retry` can send the same message again. */
export interface SentMessage {
  text: string;
  clientMessageId: string;
  location?: Location | undefined;
  metadata?: MessageMetadata | undefined;
}

/** A turn the conversation follows: sent from here, or found in progress in the history. */
export interface LiveTurn {
  sent: SentMessage | undefined;
  /** The user's message as shown (optimistic until accepted; from the history when resumed). */
  question: ConversationMessage;
  turnId: string | undefined;
  phase: 'sending' | 'streaming' | 'completed' | 'failed';
  text: string;
  label: string | null;
  answer: Message | undefined;
  error: Error | undefined;
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
    } as ConversationMessage,
    turnId: undefined,
    phase: 'sending',
    text: '',
    label: null,
    answer: undefined,
    error: undefined,
  };
}

/** A turn found running in the history (sent from another screen, or before a restart). */
export function resumedTurn(question: Message): LiveTurn {
  return {
    ...sentTurn(
      { text: question.content, clientMessageId: question.message_id },
      new Date(question.created_at),
    ),
    sent: undefined,
    question,
    turnId: question.turn_id,
    phase: 'streaming',
  };
}

/** Marks the question accepted, with the ids the server gave it. */
export function acceptTurn(
  turn: LiveTurn,
  accepted: Pick<Turn, 'turn_id'> & { user_message_id?: string },
): void {
  turn.turnId = accepted.turn_id;
  if (turn.phase === 'sending') turn.phase = 'streaming';
  turn.question = {
    ...turn.question,
    turn_id: accepted.turn_id,
    message_id: accepted.user_message_id ?? turn.question.message_id,
    status: 'completed',
  };
}

/** The messages a turn adds to the conversation while (or once) it runs. */
export function turnMessages(turn: LiveTurn): ConversationMessage[] {
  const question =
    turn.phase === 'failed' ? { ...turn.question, status: 'failed' as const } : turn.question;
  if (turn.answer) return [question, turn.answer];
  if (turn.phase !== 'streaming' || turn.text === '') return [question];
  const answer = {
    ...noContent,
    message_id: `local-answer-${turn.turnId ?? question.message_id}`,
    turn_id: turn.turnId ?? '',
    role: 'assistant',
    content: turn.text,
    status: 'streaming',
    created_at: question.created_at,
  } as ConversationMessage;
  return [question, answer];
}
