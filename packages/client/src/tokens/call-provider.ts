import { PartnerError } from '@partner-assistant/sdk-core';
import { timerDelay } from '@partner-assistant/sdk-core/internal';
import { PartnerTokenProviderError } from '../errors/partner-token-provider-error.ts';
import {
  readToken,
  type TokenProvider,
  type TokenRequest,
  type UsableToken,
} from './token-provider.ts';

/** What one provider call needs. */
export interface ProviderCallSettings {
  now: () => number;
  /** Longest wait for the provider. */
  timeoutMs: number;
  /** Refresh this long before expiry. */
  refreshMarginMs: number;
}

/** One provider call under way: its result, and how to end it when the client closes. */
export interface ProviderCall {
  result: Promise<UsableToken>;
  /** Rejects the call at once and clears its timer. */
  stop: () => void;
}

/**
 * Calls `provider` with `request` and reads its answer: a usable token, or a
 * `PartnerTokenProviderError` (`signed_out` on `null`, `invalid`, `threw`, `timeout`).
 */
export function callProvider(
  provider: TokenProvider,
  request: TokenRequest,
  settings: ProviderCallSettings,
): ProviderCall {
  const { timeoutMs, now, refreshMarginMs } = settings;
  let stop = () => {};
  const result = new Promise<UsableToken>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new PartnerTokenProviderError(
            'timeout',
            `The token provider did not answer within ${timeoutMs} ms`,
          ),
        ),
      timerDelay(timeoutMs),
    );
    stop = () => {
      clearTimeout(timer);
      reject(new PartnerError('The client is closed'));
    };
    Promise.resolve()
      .then(() => provider({ ...request }))
      .then(
        (answer) => {
          if (answer === null) {
            return reject(new PartnerTokenProviderError('signed_out', 'The user is signed out'));
          }
          const token = readToken(answer, now(), refreshMarginMs);
          if (token) resolve(token);
          else
            reject(
              new PartnerTokenProviderError(
                'invalid',
                'The token provider returned no access_token',
              ),
            );
        },
        (cause: unknown) =>
          reject(
            new PartnerTokenProviderError(
              'threw',
              `The token provider failed: ${describe(cause)}`,
              {
                cause,
              },
            ),
          ),
      )
      .finally(() => clearTimeout(timer));
  });
  return { result, stop };
}

function describe(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
