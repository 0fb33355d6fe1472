import type { Capabilities } from '@partner-assistant/contract';
import type { RequestOptions } from '@partner-assistant/sdk-core';
import type { ApiCaller } from '../internal/api-caller.ts';
import type { ApiPromise } from '../rest/api-promise.ts';

/** `client.capabilities`: what the calling application may do. */
export class CapabilitiesResource {
  readonly #api: ApiCaller;

  /** @internal */
  constructor(api: ApiCaller) {
    this.#api = api;
  }

  /**
   * The application's environment, locales, authorized verticals and limits.
   * @example
   * ```ts
   * const { limits } = await client.capabilities.get();
   * input.maxLength = limits.message_characters;
   * ```
   */
  get(options?: RequestOptions): ApiPromise<Capabilities> {
    return this.#api.call('getCapabilities', options);
  }
}
