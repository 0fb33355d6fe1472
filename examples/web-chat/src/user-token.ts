import type { TokenLike, TokenProvider, TokenRequest } from '@partner-assistant/client';

/** The backend route issuing user tokens (in development, the dev server's stand-in). */
export const TOKEN_ENDPOINT = '/assistant/token';

/**
 * The request header carrying the token the API refused, so that a backend caching tokens
 * issues a new one rather than the same (after an API restart, or a revocation).
 */
export const REFUSED_TOKEN_HEADER = 'X-Refused-Token';

/**
 * Your token endpoint answered with an error other than 401. Its status says why: 502 and 503
 * (the token broker's answers) mean your backend could not reach the assistant's API.
 */
export class TokenEndpointError extends Error {
  override readonly name = 'TokenEndpointError';
  /** The endpoint's HTTP status. */
  readonly status: number;

  constructor(status: number) {
    super(`The token endpoint answered ${status}`);
    this.status = status;
  }

  /** True when the assistant's API is out of reach (a gateway error), not the user's session. */
  get unreachable(): boolean {
    return this.status === 502 || this.status === 503 || this.status === 504;
  }
}

/**
 * The client's `token` function for the token route at `endpoint`: asks your backend for a token
 * for the signed-in user. The answer is the API's Token as is; the client keeps it until shortly
 * before it expires. When the API refused the last one (`reason: 'refused'`), that token goes in
 * the {@link REFUSED_TOKEN_HEADER} header, and only then.
 */
export function userTokenProvider(endpoint: string = TOKEN_ENDPOINT): TokenProvider {
  return async (request?: TokenRequest) => {
    const headers: Record<string, string> = {};
    if (request?.reason === 'refused' && request.refusedToken) {
      headers[REFUSED_TOKEN_HEADER] = request.refusedToken;
    }
    return readTokenResponse(
      await fetch(endpoint, { method: 'POST', credentials: 'same-origin', headers }),
    );
  };
}

/** The client's `token` function, on your backend's {@link TOKEN_ENDPOINT}. */
export const fetchUserToken: TokenProvider = userTokenProvider();

/**
 * Reads the token endpoint's answer. `401` means nobody is signed in: `null` tells the client the
 * user signed out (it stops trying until `client.connection.connect()`). Any other failure throws
 * a {@link TokenEndpointError}: the client tries again later, and the app can tell the user why.
 */
export async function readTokenResponse(response: Response): Promise<TokenLike | null> {
  if (response.status === 401) return null;
  if (!response.ok) throw new TokenEndpointError(response.status);
  return (await response.json()) as TokenLike;
}
