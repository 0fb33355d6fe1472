import type {
  FeedbackReason,
  Rating,
  ReceivedSubmitFeedbackResponse as SubmitFeedbackResponse,
} from '@partner-assistant/contract';
import type { RequestOptions } from '@partner-assistant/sdk-core';
import type { ApiCaller } from '../internal/api-caller.ts';
import type { ApiPromise } from '../rest/api-promise.ts';
import { SUBMIT_FEEDBACK } from '../validation/input-rules.ts';

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
    this.#api.check({ messageId }, SUBMIT_FEEDBACK, input);
    return this.#api.call('submitFeedback', options, messageId, {
      rating: input.rating,
      reason: input.reason,
      comment: input.comment,
    });
  }
}
