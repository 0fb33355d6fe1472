import type { ChatSendInput, TurnStream } from '@partner-assistant/client';
import type { Message } from '@partner-assistant/contract';
import type {
  ConversationMessage,
  ConversationSnapshot,
  ConversationStatus,
} from './conversation-state.ts';

/** What a question was sent with, kept so `retry` can send it again with the same key. */
export type SentQuestion = ChatSendInput & { clientMessageId: string };

/**
 * A turn the conversation follows: sent from here (or kept by the outbox), or found in progress
 * in the history. Its phase is its question's `status`: `pending` until the server accepted it,
 * `completed` once accepted (the answer streams, until `answer` is there), `failed` when it failed.
 */
export interface LiveTurn {
  /** What was sent from here (`undefined` for a turn found in the history). */
  sent?: SentQuestion | undefined;
  /** The user's message as shown (optimistic until accepted; from the history when resumed). */
  question: ConversationMessage;
  /** The stream that follows it, once it has one: its answer text so far, its last label. */
  stream?: TurnStream | undefined;
  /** The final answer, once completed; or the answer as far as it came, once stopped. */
  answer?: ConversationMessage | undefined;
}

const noContent = { cards: [], visualizations: [], suggested_actions: [] };

/**
 * A turn for a question about to be sent (or kept by the outbox since `createdAt`): its question
 * shows at once, as `pending`. Only the fields `chat.send` takes are kept of `question`.
 */
export function sentTurn(question: SentQuestion, createdAt = new Date().toISOString()): LiveTurn {
  const { conversationId, message, clientMessageId, location, metadata } = question;
  return {
    sent: { conversationId, message, clientMessageId, location, metadata },
    question: {
      ...noContent,
      message_id: `local-${clientMessageId}`,
      turn_id: '',
      role: 'user',
      content: message,
      status: 'pending',
      created_at: createdAt,
    },
  };
}

/** True while `turn` runs: not failed, not answered (nor stopped). */
export const running = (turn: LiveTurn): boolean =>
  turn.question.status !== 'failed' && !turn.answer;

/** The key two copies of one message share: a turn has one message of each role. */
export const messageKey = (message: ConversationMessage): string => message.role + message.turn_id;

/** The messages a turn adds to the conversation while (or once) it runs. */
function turnMessages(turn: LiveTurn): ConversationMessage[] {
  const { question, stream, answer } = turn;
  if (answer) return [question, answer];
  if (question.status !== 'completed' || !stream?.text) return [question];
  return [question, answerSoFar(turn, 'streaming')];
}

/**
 * The answer of `turn` as far as its stream came: `streaming`, or `stopped` (also empty: the app
 * can say it was stopped).
 */
export const answerSoFar = (
  { question, stream }: LiveTurn,
  status: 'streaming' | 'stopped',
): ConversationMessage => ({
  ...noContent,
  message_id: `local-answer-${question.turn_id}`,
  turn_id: question.turn_id,
  role: 'assistant',
  content: stream?.text ?? '',
  status,
  created_at: question.created_at,
});

/**
 * The snapshot of a conversation: its `history`, then what the `turns` add that it does not hold
 * yet (a late page may hold a turn completed here), each message once; `latest` (the turn sent last) sets `status`.
 */
export function snapshotOf(
  history: ConversationMessage[],
  turns: LiveTurn[],
  latest: LiveTurn | undefined,
  state: Pick<ConversationSnapshot, 'error' | 'hasOlder' | 'loadingHistory'>,
): ConversationSnapshot {
  const shown = new Set(history.map(messageKey));
  // Once per server message: two turns may follow one (kept by the outbox, resumed by id). A
  // question not accepted yet has no turn id, nor any copy.
  const live = turns
    .flatMap(turnMessages)
    .filter((m) => !shown.has(messageKey(m)) && (!m.turn_id || shown.add(messageKey(m))));
  // A discarded turn (no longer followed) is not running.
  const phase = latest && turns.includes(latest) && running(latest) && latest.question.status;
  const status: ConversationStatus =
    phase === 'pending' ? 'sending' : phase ? 'streaming' : state.error ? 'error' : 'idle';
  return {
    ...state,
    messages: [...history, ...live],
    status,
    streamingText: (status === 'streaming' && latest?.stream?.text) || '',
    statusLabel: latest?.question.status === 'failed' ? null : (latest?.stream?.label ?? null),
  };
}

/** The state before anything loaded (also what server rendering shows). */
export const EMPTY_CONVERSATION = snapshotOf([], [], undefined, {
  error: null,
  loadingHistory: false,
  hasOlder: false,
});
