import type { Token } from '@partner-assistant/contract';
import type { IssueTokenInput, PartnerBackend } from '../partner-backend.ts';
import { failure, issuanceFailure, NO_STORE } from './failure-response.ts';

/** Options of {@link createTokenBroker}. `Context` is whatever your framework hands a route. */
export interface TokenBrokerOptions<Context> {
  /**
   * The backend that issues tokens.
   * @example new PartnerBackend({ baseUrl, clientId, clientSecret, tokenCache: true })
   */
  backend: Pick<PartnerBackend, 'issueToken'>;
  /**
   * Derives the external user id from YOUR authenticated session; return `undefined` or `null`
   * when nobody is signed in (the broker answers 401). Never read it from the request body or the
   * query: anyone could then obtain a token for any of your users.
   * @example (req) => req.session.user?.id
   */
  getExternalUserId: (
    context: Context,
  ) => string | null | undefined | Promise<string | null | undefined>;
  /**
   * Locale and time zone of the user, from your own profile data.
   * @default none: the API uses the application's first locale
   * @example (req) => ({ locale: req.user.locale, timezone: req.user.timeZone })
   */
  getTokenOptions?: (
    context: Context,
  ) => Omit<IssueTokenInput, 'externalUserId'> | Promise<Omit<IssueTokenInput, 'externalUserId'>>;
  /**
   * The token your app says the API refused, from the request: your app's token provider sends
   * it on a call with `reason: 'refused'` (the documented header is `X-Refused-Token`). Passed to
   * `issueToken(input, { refusedToken })`: a cached token equal to it is not handed out again;
   * any other value changes nothing. Never log it.
   * @default none: a cached token is reused until it nears its expiry
   * @example (req) => req.get('X-Refused-Token')
   */
  getRefusedToken?: (context: Context) => string | undefined | Promise<string | undefined>;
  /**
   * Told of every failure, for your logs (the errors never hold the secret).
   * @default none
   * @example (error) => logger.warn({ err: error }, 'token broker failed')
   */
  onError?: (error: unknown) => void;
}

/** What the broker answers; your framework adapter writes it out as is. */
export interface TokenBrokerResponse {
  /** HTTP status: 200, 401, 502 or 503. */
  status: number;
  /** Response headers, including `Cache-Control: no-store`. */
  headers: Record<string, string>;
  /** The Token object on 200; an error envelope (without upstream details) otherwise. */
  body: Token | { error: { code: string; message: string; retryable: boolean } };
}

/**
 * The token endpoint your app calls, framework-agnostic: it finds the signed-in user through
 * `getExternalUserId`, issues (or reuses) a token and returns it with `Cache-Control: no-store`.
 * The request body is never read. Upstream errors are not forwarded: the app gets 401 when
 * nobody is signed in, 503 with `Retry-After` when trying again later may work (the API cannot
 * be reached, or is busy), 502 otherwise. An error thrown by `getExternalUserId`,
 * `getTokenOptions` or `getRefusedToken` rejects the returned promise.
 *
 * @example
 * ```ts
 * const broker = createTokenBroker({ backend, getExternalUserId: (ctx) => ctx.session.userId });
 * const { status, headers, body } = await broker(ctx);
 * ```
 */
export function createTokenBroker<Context>(
  options: TokenBrokerOptions<Context>,
): (context: Context) => Promise<TokenBrokerResponse> {
  return async (context) => {
    // Your own session code's failures are yours: they reject (Express: reach `next`).
    const externalUserId = await options.getExternalUserId(context);
    if (typeof externalUserId !== 'string' || externalUserId === '') {
      return failure(401, 'unauthorized', 'Sign in to use the assistant', false);
    }
    const extra = (await options.getTokenOptions?.(context)) ?? {};
    const refusedToken = await options.getRefusedToken?.(context);
    const input = { ...extra, externalUserId };
    try {
      const token =
        typeof refusedToken === 'string' && refusedToken !== ''
          ? await options.backend.issueToken(input, { refusedToken })
          : await options.backend.issueToken(input);
      return { status: 200, headers: NO_STORE, body: token };
    } catch (error) {
      options.onError?.(error);
      return issuanceFailure(error);
    }
  };
}
