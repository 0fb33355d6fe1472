import type { Message, OutboxEntry, PartnerAssistantClient } from '@partner-assistant/client';

/** The largest history page the API serves: the fewest requests for a whole history. */
const PAGE_SIZE = 100;

/** UUIDs compare without case (RFC 9562): the API may write them in upper case. */
export const sameId = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** The whole history of `conversationId`, oldest first, a page of 100 at a time. */
export async function readHistory(
  client: PartnerAssistantClient,
  conversationId: string,
): Promise<Message[]> {
  const messages: Message[] = [];
  for await (const message of client.messages.list(conversationId, { limit: PAGE_SIZE }))
    messages.push(message);
  return messages;
}

/** The questions of `conversationId` that the client's outbox keeps (none without an outbox). */
export async function keptQuestions(
  client: PartnerAssistantClient,
  conversationId: string,
): Promise<OutboxEntry[]> {
  const kept = await client.outbox.pending();
  return kept.filter((entry) => sameId(entry.conversationId, conversationId));
}

/**
 * The turn of the history's last question that has no answer yet: still queued or running (an
 * ended turn has its assistant message; a failed one too, with empty content).
 */
export function unansweredTurn(history: readonly Message[]): string | undefined {
  const answered = new Set(
    history.filter((m) => m.role === 'assistant').map((m) => m.turn_id.toLowerCase()),
  );
  return history.findLast((m) => m.role === 'user' && !answered.has(m.turn_id.toLowerCase()))
    ?.turn_id;
}

/**
 * Per client and conversation (lower-cased id): the unanswered question's turn of the history
 * `loadUIMessages` last gave. An app shows that history, then asks `reconnectToStream`: the
 * turn may have ended in between, and its answer must still reach the chat.
 */
const shownUnanswered = new WeakMap<PartnerAssistantClient, Map<string, string | undefined>>();

/** Notes the unanswered turn (or none) of the history of `conversationId` an app was given. */
export function noteShown(
  client: PartnerAssistantClient,
  conversationId: string,
  turnId: string | undefined,
): void {
  const shown = shownUnanswered.get(client) ?? new Map<string, string | undefined>();
  shownUnanswered.set(client, shown);
  shown.set(conversationId.toLowerCase(), turnId);
}

/** The turn noted by {@link noteShown} for `conversationId`, once. */
export function takeShown(
  client: PartnerAssistantClient,
  conversationId: string,
): string | undefined {
  const shown = shownUnanswered.get(client);
  const turnId = shown?.get(conversationId.toLowerCase());
  shown?.delete(conversationId.toLowerCase());
  return turnId;
}
