import type { TokenLike } from '@partner-assistant/client';

/** The backend route issuing user tokens (in development, the dev server's stand-in). */
export const TOKEN_ENDPOINT = '/assistant/token';

/**
 * The client's `token` function: asks your backend for a token for the signed-in user. The
 * answer is the API's Token as is; the client keeps it until shortly before it expires.
 */
export async function fetchUserToken(): Promise<TokenLike> {
  const response = await fetch(TOKEN_ENDPOINT, { method: 'POST', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`The token endpoint answered ${response.status}`);
  return (await response.json()) as TokenLike;
}
