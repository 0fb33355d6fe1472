import type {
  ReceivedCreatedConversation as CreatedConversation,
  DeleteConversationResponse,
  ReceivedRenamedConversation as RenamedConversation,
} from '@partner-assistant/contract';
import type { RequestOptions } from '@partner-assistant/sdk-core';
import type { ApiCaller } from '../internal/api-caller.ts';
import type { ApiPromise } from '../rest/api-promise.ts';
import { CREATE_CONVERSATION, RENAME_CONVERSATION } from '../validation/input-rules.ts';

/** Input of {@link ConversationsResource.create}. */
export interface CreateConversationInput {
  /** Display name; normalized by the service (white space folded), 1 to 255 characters. */
  title?: string;
  /**
   * An id you generate (a UUID), so that creating again after a lost answer resumes the same
   * conversation instead of creating a second one.
   */
  conversationId?: string;
}

/** Input of {@link ConversationsResource.rename}. */
export interface RenameConversationInput {
  /** New display name; normalized by the service, 1 to 255 characters. */
  title: string;
}

/** `client.conversations`: create, rename and delete the user's conversations. */
export class ConversationsResource {
  readonly #api: ApiCaller;

  /** @internal */
  constructor(api: ApiCaller) {
    this.#api = api;
  }

  /**
   * Creates a conversation, or resumes the user's conversation with `conversationId` (nothing is
   * created twice).
   * @example
   * ```ts
   * const { conversation_id } = await client.conversations.create({ title: 'Passport' });
   * ```
   */
  create(
    input: CreateConversationInput = {},
    options?: RequestOptions,
  ): ApiPromise<CreatedConversation> {
    this.#api.check({}, CREATE_CONVERSATION, input);
    return this.#api.call('createConversation', options, undefined, {
      title: input.title,
      conversation_id: input.conversationId,
    });
  }

  /**
   * Renames a conversation; needs the `chat:write` scope.
   * @example
   * ```ts
   * await client.conversations.rename(conversationId, { title: 'Renewing my passport' });
   * ```
   */
  rename(
    conversationId: string,
    input: RenameConversationInput,
    options?: RequestOptions,
  ): ApiPromise<RenamedConversation> {
    this.#api.check({ conversationId }, RENAME_CONVERSATION, input);
    return this.#api.call('renameConversation', options, conversationId, { title: input.title });
  }

  /**
   * Deletes a conversation and its messages for good. Refused with `409 turn_in_progress` while
   * one of its turns is being answered.
   * @example
   * ```ts
   * await client.conversations.delete(conversationId);
   * ```
   */
  delete(conversationId: string, options?: RequestOptions): ApiPromise<DeleteConversationResponse> {
    this.#api.check({ conversationId });
    return this.#api.call('deleteConversation', options, conversationId);
  }
}
