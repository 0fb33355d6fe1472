import type {
  FeedbackReason,
  Rating,
  ReceivedSubmitFeedbackResponse as SubmitFeedbackResponse,
} from '@partner-assistant/contract';
import type { RequestOptions } from '@partner-assistant/sdk-core';
import type { ApiCaller } from '../internal/api-caller.ts';
import type { ApiPromise } from '../rest/api-promise.ts';
import { checkSubmitFeedback } from '../validation/request-checks.ts';

/** Input of {@link FeedbackResource.submit}. */
export interface SubmitFeedbackInput {
  /** `up` or `down`. */
  rating: Rating;
  /** A short category, such as `inaccurate`. */
  reason?: FeedbackReason;
  /** Free text, at most 2000 characters. */
  comment?: string;
}

/** `client.feedback`: rate the assistant's answers. */
export class FeedbackResource {
  readonly #api: ApiCaller;

  /** @internal */
  constructor(api: ApiCaller) {
    this.#api = api;
  }

  /**
   * Rates an assistant message; a new rating of the same message replaces the previous one.
   * @example
   * ```ts
   * await client.feedback.submit(message.message_id, { rating: 'down', reason: 'outdated' });
   * ```
   */
  submit(
    messageId: string,
    input: SubmitFeedbackInput,
    options?: RequestOptions,
  ): ApiPromise<SubmitFeedbackResponse> {
    if (this.#api.validate) checkSubmitFeedback(messageId, input);
    return this.#api.call('submitFeedback', options, messageId, {
      rating: input.rating,
      reason: input.reason,
      comment: input.comment,
    });
  }
}
