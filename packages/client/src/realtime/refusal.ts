import { PartnerApiError } from '@partner-assistant/sdk-core';

/**
 * The API error code of a refusal, by close code (its status is the close code less 4000); any
 * other code (4400 among them) is `invalid_request`, status 400.
 */
const REFUSALS: Record<number, string> = {
  4401: 'unauthorized',
  4403: 'insufficient_scope',
};

/**
 * The error a connection closed for good by the server fails with: 4400 (the request is wrong),
 * 4401 (the token refused twice in a minute), 4403 (no `chat:read`); never retryable.
 * @example
 * ```ts
 * refusalOf(4403); // PartnerApiError { status: 403, code: 'insufficient_scope' }
 * ```
 */
export function refusalOf(closeCode: number): PartnerApiError {
  const code = REFUSALS[closeCode];
  return new PartnerApiError({
    status: code ? closeCode - 4000 : 400,
    code: code ?? 'invalid_request',
    message: `The server refused the connection (${closeCode})`,
    retryable: false,
  });
}
