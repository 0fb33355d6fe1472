import type { PartnerAssistantClient } from '@partner-assistant/client';

/**
 * The partner's own code under test: sends the user's question and shows the answer as it is
 * written (`show` receives all the text so far). Resolves with the final answer.
 */
export async function askAndShow(
  client: PartnerAssistantClient,
  input: { conversationId: string; question: string },
  show: (textSoFar: string) => void,
): Promise<string> {
  const stream = client.chat.send({
    conversationId: input.conversationId,
    message: input.question,
  });
  stream.on('delta', (_text, textSoFar) => show(textSoFar));
  const message = await stream.finalMessage();
  return message.content;
}

/**
 * Opens a conversation and sends its first question over REST. The SDK retries what the API marks
 * retryable, with one idempotency key: a retried question is never asked twice.
 */
export async function askInNewConversation(
  client: PartnerAssistantClient,
  input: { topic: string; question: string },
): Promise<{ conversationId: string; turnId: string }> {
  const { conversation_id } = await client.conversations.create({ title: input.topic });
  const accepted = await client.messages.send(conversation_id, { message: input.question });
  return { conversationId: conversation_id, turnId: accepted.turn_id };
}
