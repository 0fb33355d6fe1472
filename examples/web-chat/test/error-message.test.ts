/** What the chat tells the user about each kind of failure, and about the connection. */
import {
  PartnerApiError,
  PartnerNetworkError,
  PartnerTokenProviderError,
  PartnerTurnError,
} from '@partner-assistant/client';
import { describe, expect, it } from 'vitest';
import { describeConnection, describeError, failureKind } from '../src/error-message.ts';
import { readTokenResponse, TokenEndpointError } from '../src/user-token.ts';

const apiError = (
  code: 'rate_limit_exceeded' | 'unauthorized' | 'internal_error' | 'queue_unavailable',
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

/** The error the client reports when the `token` function threw `cause`. */
const tokenFailure = (cause: unknown) =>
  new PartnerTokenProviderError('threw', 'The token provider failed', { cause });

const UNREACHABLE = "Can't reach the assistant. Check your connection.";
const SIGNED_OUT = 'Your session has expired or you signed out. Sign in again to chat.';

describe('describeError', () => {
  it('says when to try again after a rate limit', () => {
    expect(describeError(apiError('rate_limit_exceeded', 429))).toEqual({
      message: 'You have sent too many messages. Try again in 12 s.',
      canRetry: true,
    });
  });

  it('says the assistant is out of reach when the token endpoint cannot reach the API', async () => {
    // The token broker answers 503 (or 502) when the API is down; fetch throws when the backend is.
    for (const status of [502, 503]) {
      const thrown = await readTokenResponse(new Response('{}', { status })).catch((e) => e);
      expect(thrown).toBeInstanceOf(TokenEndpointError);
      expect(describeError(tokenFailure(thrown))).toEqual({ message: UNREACHABLE, canRetry: true });
    }
    expect(describeError(tokenFailure(new TypeError('Failed to fetch'))).message).toBe(UNREACHABLE);
    expect(describeError(new PartnerTokenProviderError('timeout', 'slow')).message).toBe(
      UNREACHABLE,
    );
  });

  it('says the assistant is out of reach when a request or the socket gets no answer', () => {
    expect(describeError(new PartnerNetworkError('connection refused'))).toEqual({
      message: UNREACHABLE,
      canRetry: true,
    });
    expect(describeError(apiError('queue_unavailable', 503)).message).toBe(UNREACHABLE);
  });

  it('asks to sign in again, without "Try again", only when the session ended', async () => {
    // The token endpoint's 401 is a sign-out: the token function resolves `null`.
    expect(await readTokenResponse(new Response('{}', { status: 401 }))).toBeNull();
    const signedOut = new PartnerTokenProviderError('signed_out', 'The user is signed out');
    expect(describeError(signedOut)).toEqual({ message: SIGNED_OUT, canRetry: false });
    expect(describeError(apiError('unauthorized', 401))).toEqual({
      message: SIGNED_OUT,
      canRetry: false,
    });
  });

  it('offers a retry when the assistant could not answer', () => {
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
  });

  it('says a conversation the API does not know is gone, by its code: no "Try again"', () => {
    const notFound = (message: string) =>
      new PartnerApiError({ status: 404, code: 'not_found', message, retryable: false });
    for (const error of [notFound('Conversation not found'), notFound('anything at all')]) {
      expect(failureKind(error)).toBe('gone');
      expect(describeError(error)).toEqual({
        message: 'This conversation is no longer available.',
        canRetry: false,
      });
    }
    // The words of a message never decide it.
    const worded = new PartnerApiError({
      status: 500,
      code: 'internal_error',
      message: 'Conversation not found',
      retryable: true,
    });
    expect(failureKind(worded)).toBe('other');
  });

  it('gives the request id for support otherwise, a broken token endpoint included', () => {
    expect(describeError(apiError('internal_error', 500)).message).toBe(
      'Something went wrong (ref. req_123).',
    );
    expect(failureKind(tokenFailure(new TokenEndpointError(500)))).toBe('other');
    expect(describeError(tokenFailure(new Error('bug'))).message).toBe('Something went wrong.');
  });
});

describe('describeConnection', () => {
  const refused = new PartnerNetworkError('The socket closed (1006)');

  it('counts down to the next attempt while the assistant is out of reach', () => {
    expect(
      describeConnection({ state: 'reconnecting', lastError: refused, retryInMs: 4000 }),
    ).toEqual({ message: "Can't reach the assistant. Retrying in 4 s…", canRetry: true });
    expect(
      describeConnection({ state: 'suspended', lastError: refused, retryInMs: 30_000 })?.message,
    ).toBe("Can't reach the assistant. Retrying in 30 s…");
    expect(
      describeConnection({ state: 'reconnecting', lastError: refused, retryInMs: 0 })?.message,
    ).toBe("Can't reach the assistant. Retrying…");
  });

  it('says the device is offline when nothing is scheduled until it is back', () => {
    expect(
      describeConnection({ state: 'suspended', lastError: refused, retryInMs: undefined }),
    ).toEqual({
      message: "You're offline; answers will arrive when you're back.",
      canRetry: false,
    });
  });

  it('tells a sign-out from a refusal once the connection is closed', () => {
    const signedOut = new PartnerTokenProviderError('signed_out', 'The user is signed out');
    expect(
      describeConnection({ state: 'closed', lastError: signedOut, retryInMs: undefined }),
    ).toEqual({ message: SIGNED_OUT, canRetry: false });
    expect(
      describeConnection({
        state: 'closed',
        lastError: new PartnerApiError({
          status: 400,
          code: 'invalid_request',
          message: 'refused',
          retryable: false,
        }),
        retryInMs: undefined,
      }),
    ).toEqual({ message: 'Disconnected from the assistant.', canRetry: true });
  });

  it('says nothing while the connection is up or not used yet', () => {
    for (const state of ['idle', 'connecting', 'open'] as const) {
      expect(describeConnection({ state, lastError: refused, retryInMs: undefined })).toBeNull();
    }
  });
});
