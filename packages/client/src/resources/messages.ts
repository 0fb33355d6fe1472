import type {
  Location,
  MessageMetadata,
  ReceivedListMessagesResponse,
  ReceivedSendMessageResponse,
} from '@partner-assistant/contract';
import { FIELD_LIMITS } from '@partner-assistant/contract/constants';
import type { RequestOptions } from '@partner-assistant/sdk-core';
import type { ApiCaller } from '../internal/api-caller.ts';
import { createClientMessageId } from '../internal/client-message-id.ts';
import { MessagePage } from '../pagination/message-page.ts';
import { MessagePagePromise } from '../pagination/message-page-promise.ts';
import { ApiPromise } from '../rest/api-promise.ts';
import { LIST_MESSAGES, SEND_MESSAGE } from '../validation/input-rules.ts';

/** Input of {@link MessagesResource.send}. */
export interface SendMessageInput {
  /** The user's question; at most `limits.message_characters` characters. */
  message: string;
  /** Where the question is asked from, as the API defines it (`city`, `commune`, `postal_code`...). */
  location?: Location;
  /** Your app's platform and version, for diagnostics. */
  metadata?: MessageMetadata;
  /**
   * Idempotency key of this message. Generated when absent and reused by every retry of the call,
   * so a retried send never creates a second turn. Pass your own to retry across app restarts.
   */
  clientMessageId?: string;
}

/**
 * What {@link MessagesResource.send} resolves to: the turn with the five fields every server
 * sends (`turn_id`, `conversation_id`, `status`, `created_at`, `updated_at`), and the
 * `client_message_id` of the message (the server's, or the one sent). `user_message_id`,
 * `assistant_message` and `error` are there when the server sends them (the reference server
 * does).
 */
export type SendMessageResponse = ReceivedSendMessageResponse & { client_message_id: string };

/** Query of {@link MessagesResource.list}. */
export interface ListMessagesQuery {
  /**
   * Messages per page, 1 to 100.
   * @default 20
   */
  limit?: number;
  /**
   * Messages to skip from the start of the history.
   * @default 0
   */
  offset?: number;
}

/** `client.messages`: send questions over REST and read the history. */
export class MessagesResource {
  readonly #api: ApiCaller;

  /** @internal */
  constructor(api: ApiCaller) {
    this.#api = api;
  }

  /**
   * Sends a question over REST; the answer is produced in the background (follow it with
   * `client.turns.wait(turn.turn_id)`). Safe to retry: the same `clientMessageId` never creates a
   * second turn.
   * @example
   * ```ts
   * const turn = await client.messages.send(conversationId, { message: 'How do I renew my ID card?' });
   * const ended = await client.turns.wait(turn.turn_id);
   * ```
   */
  send(
    conversationId: string,
    input: SendMessageInput,
    options?: RequestOptions,
  ): ApiPromise<SendMessageResponse> {
    this.#api.check({ conversationId }, SEND_MESSAGE, input);
    const key = input.clientMessageId ?? createClientMessageId();
    const json = {
      client_message_id: key,
      message: input.message,
      location: input.location,
      metadata: input.metadata,
    };
    return new ApiPromise(
      this.#api
        .call<SendMessageResponse>('sendMessage', options, conversationId, json)
        .withResponse()
        .then((result) => {
          result.data.client_message_id ??= key;
          return result;
        }),
    );
  }

  /**
   * The conversation's history, oldest first: await it for one page, or iterate it with
   * `for await` for every message across pages.
   * @example
   * ```ts
   * for await (const message of client.messages.list(conversationId)) console.log(message.content);
   * ```
   */
  list(
    conversationId: string,
    query: ListMessagesQuery = {},
    options?: RequestOptions,
  ): MessagePagePromise {
    const limit = query.limit ?? FIELD_LIMITS.historyLimitDefault;
    const fetchAt = (offset: number): ApiPromise<MessagePage> =>
      new ApiPromise(
        this.#api
          .call<ReceivedListMessagesResponse>(
            'listMessages',
            options,
            conversationId,
            undefined,
            `?limit=${limit}&offset=${offset}`,
          )
          .withResponse()
          .then(({ data, response }) => ({
            data: new MessagePage(data, offset, limit, fetchAt),
            response,
          })),
      );
    return new MessagePagePromise(() => {
      this.#api.check({ conversationId }, LIST_MESSAGES, query, 'query');
      return fetchAt(query.offset ?? FIELD_LIMITS.historyOffsetDefault);
    });
  }
}
