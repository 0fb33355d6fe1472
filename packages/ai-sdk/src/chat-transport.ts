import type { ChatSendInput, PartnerAssistantClient } from '@partner-assistant/client';
import { keptQuestions, readHistory, takeShown, unansweredTurn } from './conversation-history.ts';
import { turnChunks } from './turn-chunks.ts';
import type { PartnerAssistantChunk } from './ui-chunk.ts';

/** Options of {@link PartnerAssistantChatTransport}. */
export interface PartnerAssistantChatTransportOptions {
  /**
   * The client the questions go through: its idempotency keys, recovery after a lost socket and,
   * when it has one, its outbox (questions asked offline wait there and are sent once).
   * @example new PartnerAssistantClient({ baseUrl, token })
   */
  client: PartnerAssistantClient;
}

/** What `sendMessage(message, { body })` may pass on with the question. */
type QuestionOptions = Pick<ChatSendInput, 'location' | 'metadata'>;

/** What the transport reads of the AI SDK's `UIMessage` (the same in every major). */
export interface ChatMessageLike {
  role: string;
  parts: readonly { type: string; text?: unknown }[];
}

/** What the AI SDK's `Chat` passes to `sendMessages` (and, but `messages`, to `reconnectToStream`). */
export interface ChatRequestLike {
  /** The chat's id: the conversation's. */
  chatId: string;
  /** Stops following the answer. */
  abortSignal?: AbortSignal | undefined;
  /** The request's `body`: `location` and `metadata` are sent with the question. */
  body?: object | undefined;
}

/** The text of the last user message of `messages` (its text parts, joined). */
function lastQuestion(messages: readonly ChatMessageLike[]): string {
  const question = messages.findLast((message) => message.role === 'user');
  if (!question) throw new TypeError('There is no user message to send');
  return question.parts.map((part) => (typeof part.text === 'string' ? part.text : '')).join('');
}

/** `location` and `metadata` of a request's `body`, when they are objects. */
function questionOptions(body: object | undefined): QuestionOptions {
  const { location, metadata } = (body ?? {}) as Record<string, unknown>;
  const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;
  return {
    ...(isObject(location) && { location: location as QuestionOptions['location'] }),
    ...(isObject(metadata) && { metadata: metadata as QuestionOptions['metadata'] }),
  };
}

/**
 * The AI SDK's `ChatTransport` on the Partner Assistant client: `useChat({ id, transport })`
 * (AI SDK 5, 6 and 7, and assistant-ui on it) asks and streams through `client.chat`, with its
 * recovery and outbox. The chat's `id` is the conversation's id (create it first).
 *
 * - `sendMessage` sends the last user message's text as a new turn (`regenerate` too: a new
 *   idempotency key); `sendMessage(text, { body: { location, metadata } })` passes them on.
 * - The answer streams as text, with transient `data-status` labels, then `data-card`,
 *   `data-visualization` and `data-suggested-action` parts (see `PartnerAssistantDataParts`);
 *   a refused or failed question ends in an `error` chunk ("message (code)").
 * - `stop()` stops following the turn at once; the API still finishes the answer, which the
 *   history holds when next loaded (`loadUIMessages`).
 * - `resumeStream()` (or `useChat({ resume: true })`) picks up the conversation's question still
 *   in flight after a reload: one the outbox keeps, or the history's last unanswered one.
 *
 * @example
 * ```tsx
 * const transport = new PartnerAssistantChatTransport({ client });
 * const { messages, sendMessage, stop, status } = useChat({ id: conversationId, transport });
 * ```
 */
export class PartnerAssistantChatTransport {
  readonly #client: PartnerAssistantClient;

  /** @throws {TypeError} Without a client. */
  constructor(options: PartnerAssistantChatTransportOptions) {
    if (typeof options?.client?.chat?.send !== 'function')
      throw new TypeError('Pass the Partner Assistant client: { client }');
    this.#client = options.client;
  }

  /** Sends the last user message of `messages` to the conversation `chatId`; streams the answer. */
  async sendMessages(
    options: ChatRequestLike & { messages: readonly ChatMessageLike[] },
  ): Promise<ReadableStream<PartnerAssistantChunk>> {
    const { chatId, messages, abortSignal, body } = options;
    const message = lastQuestion(messages);
    const stream = this.#client.chat.send({
      ...questionOptions(body),
      conversationId: chatId,
      message,
    });
    return turnChunks(stream, abortSignal);
  }

  /**
   * The answer still in flight in the conversation `chatId`, or `null`: the last question the
   * outbox keeps (streamed once the API took it), else the history's last unanswered question,
   * else the one `loadUIMessages` last gave without its answer (the turn ended in between).
   */
  async reconnectToStream(
    options: ChatRequestLike,
  ): Promise<ReadableStream<PartnerAssistantChunk> | null> {
    const { chatId, abortSignal } = options;
    const client = this.#client;
    const kept = (await keptQuestions(client, chatId)).at(-1);
    if (kept) {
      const id = kept.clientMessageId;
      return turnChunks(client.outbox.whenSent(id), abortSignal, () => {
        void client.outbox.discard(id);
      });
    }
    // The history's unanswered question, else the one `loadUIMessages` gave (ended meanwhile).
    const shown = takeShown(client, chatId);
    const turnId = unansweredTurn(await readHistory(client, chatId)) ?? shown;
    return turnId === undefined ? null : turnChunks(client.chat.resume(turnId), abortSignal);
  }
}
