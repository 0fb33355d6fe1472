import type { PartnerAssistantClient } from '@partner-assistant/client';
import { messageParts } from './answer-parts.ts';
import { keptQuestions, noteShown, readHistory, unansweredTurn } from './conversation-history.ts';
import type { PartnerAssistantUIMessage } from './data-parts.ts';

/**
 * The history of `conversationId` as `useChat({ messages })` takes it: each API message with its
 * `message_id` as id, its text and the same data parts a streamed answer ends with (`metadata`:
 * the API's message and turn ids). An answer with nothing to show (a failed turn's) is left out.
 * Questions the client's outbox keeps for this conversation follow, as user messages (their id:
 * their `clientMessageId`), so that a reload shows them. `resumeStream()` (or `resume: true`)
 * then streams the answer of the last question it gave without one, also when that turn ended
 * in between.
 *
 * @example
 * ```tsx
 * const messages = await loadUIMessages(client, conversationId);
 * // then: useChat({ id: conversationId, transport, messages, resume: true })
 * ```
 */
export async function loadUIMessages(
  client: PartnerAssistantClient,
  conversationId: string,
): Promise<PartnerAssistantUIMessage[]> {
  const [history, kept] = await Promise.all([
    readHistory(client, conversationId),
    keptQuestions(client, conversationId),
  ]);
  noteShown(client, conversationId, unansweredTurn(history));
  const messages: PartnerAssistantUIMessage[] = history.map((message) => ({
    id: message.message_id,
    role: message.role,
    metadata: { messageId: message.message_id, turnId: message.turn_id },
    parts: messageParts(message),
  }));
  const keptMessages: PartnerAssistantUIMessage[] = kept.map((entry) => ({
    id: entry.clientMessageId,
    role: 'user',
    parts: [{ type: 'text', text: entry.message, state: 'done' }],
  }));
  return [...messages.filter((message) => message.parts.length > 0), ...keptMessages];
}
