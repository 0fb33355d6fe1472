/**
 * A token as your token endpoint returns it: the backend SDK's `Token` (or its token broker's
 * response) fits as is. Only `access_token` is required; `expires_at` or `expires_in` let the SDK
 * ask for a new token shortly before this one expires.
 */
export interface TokenLike {
  /** The opaque user token. */
  access_token: string;
  /** Expiry instant (ISO 8601). */
  expires_at?: string | undefined;
  /** Lifetime in seconds, counted from when the provider returned. */
  expires_in?: number | undefined;
}

/**
 * Why the client calls its token provider. `initial`: it has no token yet. `expiring`: its token
 * is about to expire. `refused`: the API refused `refusedToken` (a `401`, or a WebSocket closed
 * with `4401`), for instance after the server restarted or revoked it: a backend that caches
 * tokens must not hand that one out again (send it to your token endpoint, which passes it to
 * the backend SDK's `issueToken(input, { refusedToken })`).
 *
 * @example
 * ```ts
 * const token: TokenProvider = async ({ reason, refusedToken }) => {
 *   const headers: Record<string, string> = {};
 *   if (reason === 'refused' && refusedToken) headers['X-Refused-Token'] = refusedToken;
 *   return (await fetch('/assistant/token', { method: 'POST', headers })).json();
 * };
 * ```
 */
export interface TokenRequest {
  /** Why a token is asked for. */
  reason: 'initial' | 'expiring' | 'refused';
  /** With `reason: 'refused'`: the token the API refused. Never log it. */
  refusedToken?: string;
}

/**
 * Where the client gets user tokens: usually a call to your own backend's token endpoint. Called
 * when the SDK has no token, when its token is about to expire, and after the API refused it
 * (`401`, or `4401` on the WebSocket), with a {@link TokenRequest} saying which (a provider that
 * takes no argument works too). Concurrent requests share one call; a call for a refused token
 * never reuses a call started before the refusal. The refreshes that refusals start ask the
 * provider at most 4 times a minute. Resolve `null` when the user is signed out: the connection
 * closes, streams and requests fail with `PartnerTokenProviderError` (`signed_out`), and the
 * provider is not called again until `client.connection.connect()`.
 *
 * @example
 * ```ts
 * const token: TokenProvider = async () => (await fetch('/assistant/token', { method: 'POST' })).json();
 * ```
 */
export type TokenProvider = (
  request: TokenRequest,
) => string | TokenLike | null | Promise<string | TokenLike | null>;

/** A token the SDK can use, with the instant after which it asks for a new one. */
export interface UsableToken {
  value: string;
  /** Epoch ms after which the token is refreshed before use; `Infinity` when unknown. */
  refreshAt: number;
}

/**
 * Reads a provider's result, or returns `undefined` when it is not a token. The token is refreshed
 * `marginMs` before it expires (`expires_at`, else `expires_in`), or halfway through a lifetime
 * shorter than twice the margin; never when its expiry is unknown.
 */
export function readToken(result: unknown, now: number, marginMs: number): UsableToken | undefined {
  const {
    access_token: value,
    expires_at,
    expires_in,
  } = (
    typeof result === 'string' ? { access_token: result } : (result ?? {})
  ) as Partial<TokenLike>;
  if (typeof value !== 'string' || value === '') return undefined;
  let expiresAt = typeof expires_at === 'string' ? Date.parse(expires_at) : Number.NaN;
  if (Number.isNaN(expiresAt) && Number.isFinite(expires_in)) {
    expiresAt = now + (expires_in as number) * 1000;
  }
  const lifetime = Math.max(0, expiresAt - now);
  return {
    value,
    refreshAt: Number.isNaN(expiresAt) ? Infinity : expiresAt - Math.min(marginMs, lifetime / 2),
  };
}
