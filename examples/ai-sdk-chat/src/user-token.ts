import type { TokenLike } from '@partner-assistant/client';

/**
 * The client's `token` function: asks your backend (`POST /assistant/token`) for a user token.
 * `401` means nobody is signed in (`null`: the client stops until asked to connect again).
 */
export async function fetchUserToken(): Promise<TokenLike | null> {
  const response = await fetch('/assistant/token', { method: 'POST', credentials: 'same-origin' });
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(`The token endpoint answered ${response.status}`);
  return (await response.json()) as TokenLike;
}
