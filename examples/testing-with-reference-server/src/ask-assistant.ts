import type { PartnerAssistantClient, Turn } from '@partner-assistant/client';

/** A question sent by the partner's app, and where its answer will be. */
export interface AskedQuestion {
  conversationId: string;
  turnId: string;
}

/**
 * The partner's own code under test: opens a conversation for a topic and sends the user's first
 * question over REST. The SDK retries what the API marks retryable, with one idempotency key.
 */
export async function askInNewConversation(
  client: PartnerAssistantClient,
  input: { topic: string; question: string },
): Promise<AskedQuestion> {
  const { conversation_id } = await client.conversations.create({ title: input.topic });
  const accepted = await client.messages.send(conversation_id, { message: input.question });
  return { conversationId: conversation_id, turnId: accepted.turn_id };
}

/** The answer's text once the turn has ended, or `undefined` while it is still being written. */
export async function answerOf(
  client: PartnerAssistantClient,
  turnId: string,
): Promise<string | undefined> {
  const turn: Turn = await client.turns.get(turnId);
  if (turn.status !== 'completed') return undefined;
  return turn.assistant_message?.content;
}
