/** What the chat tells the user about each kind of failure. */
import {
  PartnerApiError,
  PartnerNetworkError,
  PartnerTokenProviderError,
  PartnerTurnError,
} from '@partner-assistant/client';
import { describe, expect, it } from 'vitest';
import { describeError } from '../src/error-message.ts';

const apiError = (
  code: 'rate_limit_exceeded' | 'unauthorized' | 'internal_error',
  status: number,
) =>
  new PartnerApiError({
    status,
    code,
    message: 'refused',
    retryable: status >= 500 || status === 429,
    requestId: 'req_123',
    retryAfterMs: 12_000,
  });

describe('describeError', () => {
  it('says when to try again after a rate limit', () => {
    expect(describeError(apiError('rate_limit_exceeded', 429))).toEqual({
      message: 'You have sent too many messages. Try again in 12 s.',
      canRetry: true,
    });
  });

  it('asks to sign in again when the token is refused or cannot be obtained', () => {
    expect(describeError(apiError('unauthorized', 401)).canRetry).toBe(false);
    expect(describeError(apiError('unauthorized', 401)).message).toMatch(/Sign in again/);
    const tokenFailure = new PartnerTokenProviderError('threw', 'token endpoint failed', {
      cause: new Error('503'),
    });
    expect(describeError(tokenFailure).message).toMatch(/Sign in again/);
  });

  it('offers a retry when the assistant failed or the network is down', () => {
    const turnError = new PartnerTurnError({
      code: 'processing_failed',
      message: 'x',
      turnId: 't',
      retryable: true,
    });
    expect(describeError(turnError)).toEqual({
      message: 'The assistant could not answer this question.',
      canRetry: true,
    });
    expect(describeError(new PartnerNetworkError('reset')).canRetry).toBe(true);
  });

  it('gives the request id for support otherwise', () => {
    expect(describeError(apiError('internal_error', 500)).message).toBe(
      'Something went wrong (ref. req_123).',
    );
  });
});
