import {
  type EraseUserResponse,
  eraseUserResponseSchema,
  OPERATIONS,
  type Token,
  tokenSchema,
} from '@partner-assistant/contract';
import type { RequestOptions } from '@partner-assistant/sdk-core';
import {
  type ApiCallContext,
  callApi,
  pathSegment,
  raceWithSignal,
} from '@partner-assistant/sdk-core/internal';
import { basicAuthorization } from './internal/basic-auth.ts';
import { INSPECT, REDACTED } from './internal/redaction.ts';
import { resolveSettings } from './internal/resolve-options.ts';
import { TokenCache } from './internal/token-cache.ts';
import { validateExternalUserId, validateIssueTokenInput } from './internal/validate-input.ts';
import type { PartnerBackendOptions } from './partner-backend-options.ts';

/** Input of {@link PartnerBackend.issueToken}. */
export interface IssueTokenInput {
  /** Your stable, opaque id of the user, taken from your own authenticated session. */
  externalUserId: string;
  /** BCP 47 tag, such as `fr-FR`. */
  locale?: string;
  /** IANA time zone, such as `Europe/Paris`. */
  timezone?: string;
}

/** Options of {@link PartnerBackend.issueToken}: the call's request options, and `refusedToken`. */
export interface IssueTokenOptions extends RequestOptions {
  /**
   * The token your app says the API refused (a `401`, or a WebSocket closed with `4401`), for
   * instance after the API restarted or revoked it. When the token cache holds this very token
   * for the user, it is dropped and a new one issued; any other value changes nothing, so a
   * caller cannot force issuances and drain your rate limit. Never log it.
   * @default none
   * @example req.get('X-Refused-Token')
   */
  refusedToken?: string | undefined;
}

/**
 * The Partner Assistant API as seen from a partner's server: issues short-lived user tokens and
 * erases users, authenticated with the application's client id and secret.
 *
 * @example
 * ```ts
 * const backend = new PartnerBackend({
 *   baseUrl: 'https://assistant.example.com',
 *   clientId: process.env.PA_CLIENT_ID!,
 *   clientSecret: process.env.PA_CLIENT_SECRET!,
 * });
 * const token = await backend.issueToken({ externalUserId: session.userId, locale: 'fr-FR' });
 * ```
 */
export class PartnerBackend {
  /** Client id of the application (not a secret). */
  readonly clientId: string;
  /** API base URL, with the version prefix. */
  readonly apiUrl: string;
  // Private fields: invisible to `JSON.stringify`, `util.inspect` and property enumeration.
  readonly #context: ApiCallContext;
  readonly #validateInput: boolean;
  readonly #cache: TokenCache | undefined;

  /** @throws {PartnerConfigurationError} On a bad option, or in a browser-like runtime. */
  constructor(options: PartnerBackendOptions) {
    const settings = resolveSettings(options);
    this.clientId = options.clientId;
    this.apiUrl = settings.apiUrl;
    const authorization = basicAuthorization(options.clientId, options.clientSecret);
    this.#context = {
      apiUrl: settings.apiUrl,
      transport: settings.transport,
      authorization: () => authorization,
      logger: options.logger,
    };
    this.#validateInput = settings.validateInput;
    const cache = options.tokenCache;
    const now = settings.transport.now;
    this.#cache = cache ? new TokenCache(cache === true ? {} : cache, now) : undefined;
  }

  /**
   * Issues a user token for `externalUserId`, or returns a cached one still valid past the safety
   * margin when the token cache is on. Hand the result to your app as it is. Pass the token
   * your app says was refused as `refusedToken`: a cached token equal to it is not handed out
   * again.
   * @throws {PartnerValidationError} Before any request, on a bad input.
   * @throws {PartnerApiError} `unauthorized` (bad credentials), `invalid_request`, or a retryable
   * code once retries are exhausted.
   * @throws {PartnerNetworkError} / {PartnerTimeoutError} Once retries are exhausted.
   */
  async issueToken(input: IssueTokenInput, options: IssueTokenOptions = {}): Promise<Token> {
    if (this.#validateInput) validateIssueTokenInput(input);
    const json = {
      external_user_id: input.externalUserId,
      locale: input.locale,
      timezone: input.timezone,
    };
    const issue = (callOptions: RequestOptions) =>
      callApi(this.#context, {
        operation: 'issueToken',
        method: 'POST',
        path: OPERATIONS.issueToken.path,
        json,
        schema: tokenSchema,
        options: callOptions,
      }).then((result) => result.data);
    const { refusedToken, ...requestOptions } = options;
    if (!this.#cache) return issue(requestOptions);
    // A cached issuance is shared: it runs to its end with the options of the call that started
    // it (its signal aside), and each caller's signal only stops its own wait.
    const { signal, ...shareable } = requestOptions;
    if (typeof refusedToken === 'string')
      this.#cache.dropRefused(input.externalUserId, refusedToken);
    const variant = `${input.locale ?? ''}|${input.timezone ?? ''}`;
    const shared = this.#cache.get(input.externalUserId, variant, () => issue(shareable));
    return raceWithSignal(shared, signal);
  }

  /**
   * Erases every conversation and all data of `externalUserId` in your tenant and revokes its
   * tokens. Answers `{ deleted: true }` also when there was nothing to erase, so it is safe to
   * retry (the SDK does, on retryable errors). Drops the user's cached token.
   * @throws {PartnerValidationError} Before any request, on a bad id.
   */
  async eraseUser(
    externalUserId: string,
    options: RequestOptions = {},
  ): Promise<EraseUserResponse> {
    if (this.#validateInput) validateExternalUserId(externalUserId);
    this.#cache?.delete(externalUserId);
    const encoded = pathSegment(externalUserId, 'externalUserId');
    const result = await callApi(this.#context, {
      operation: 'eraseUser',
      method: 'DELETE',
      path: OPERATIONS.eraseUser.path.replace('{external_user_id}', encoded),
      schema: eraseUserResponseSchema,
      options,
    });
    // A token issued while the erasure was under way is revoked too: do not keep it.
    this.#cache?.delete(externalUserId);
    return result.data;
  }

  /** Drops the cached token of `externalUserId`, for instance after revoking it elsewhere. */
  forgetToken(externalUserId: string): void {
    this.#cache?.delete(externalUserId);
  }

  /** What `JSON.stringify` shows: no secret. */
  toJSON(): Record<string, unknown> {
    return {
      name: 'PartnerBackend',
      apiUrl: this.apiUrl,
      clientId: this.clientId,
      clientSecret: REDACTED,
    };
  }

  /** What Node's `util.inspect` and `console.log` show: no secret. */
  [INSPECT](): string {
    return `PartnerBackend ${JSON.stringify(this.toJSON())}`;
  }
}
