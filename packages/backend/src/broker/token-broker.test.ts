import type { Token } from '@partner-assistant/contract';
import { describe, expect, it, vi } from 'vitest';
import {
  PartnerApiError,
  PartnerNetworkError,
  PartnerTimeoutError,
  PartnerValidationError,
} from '../index.ts';
import { createExpressTokenBroker } from './express.ts';
import { createTokenBroker } from './token-broker.ts';

const TOKEN: Token = {
  access_token: 'pat_abc',
  token_type: 'Bearer',
  expires_in: 900,
  expires_at: '2026-11-21T10:15:00.000Z',
  scopes: ['chat:read'],
  user: { id: 'service-user' },
};

interface FakeRequest {
  session?: { userId: string };
  body?: unknown;
  refusedToken?: string;
}

function brokerWith(issueToken: (input: { externalUserId: string }) => Promise<Token>) {
  const backend = { issueToken: vi.fn(issueToken) };
  const onError = vi.fn();
  const broker = createTokenBroker<FakeRequest>({
    backend,
    getExternalUserId: (req) => req.session?.userId,
    getTokenOptions: () => ({ locale: 'fr-FR' }),
    getRefusedToken: (req) => req.refusedToken,
    onError,
  });
  return { broker, backend, onError };
}

describe('createTokenBroker', () => {
  it('issues a token for the session user, never for an id in the body', async () => {
    const { broker, backend } = brokerWith(async () => TOKEN);
    const result = await broker({
      session: { userId: 'alice' },
      body: { external_user_id: 'mallory' },
    });
    expect(result).toEqual({ status: 200, headers: { 'Cache-Control': 'no-store' }, body: TOKEN });
    expect(backend.issueToken).toHaveBeenCalledWith({ externalUserId: 'alice', locale: 'fr-FR' });
  });

  it('answers 401 without a session, and issues nothing', async () => {
    const { broker, backend } = brokerWith(async () => TOKEN);
    const result = await broker({ body: { external_user_id: 'alice' } });
    expect(result.status).toBe(401);
    expect(result.body).toMatchObject({ error: { code: 'unauthorized' } });
    expect(backend.issueToken).not.toHaveBeenCalled();
  });

  it('answers 503 with Retry-After when trying again may work, without upstream details', async () => {
    const upstream = new PartnerApiError({
      status: 429,
      code: 'rate_limit_exceeded',
      message: 'tenant quota of partner X',
      retryable: true,
      retryAfterMs: 1500,
    });
    const { broker, onError } = brokerWith(async () => Promise.reject(upstream));
    const result = await broker({ session: { userId: 'alice' } });
    expect(result.status).toBe(503);
    expect(result.headers['Retry-After']).toBe('2');
    expect(result.body).toMatchObject({
      error: { message: 'The assistant is busy; try again shortly' },
    });
    expect(JSON.stringify(result.body)).not.toContain('partner X');
    expect(onError).toHaveBeenCalledWith(upstream);
  });

  it('answers 503 with a Retry-After and "cannot be reached" when the API is out of reach', async () => {
    for (const unreachable of [
      new PartnerNetworkError('fetch failed'),
      new PartnerTimeoutError(10_000),
    ]) {
      const { broker } = brokerWith(async () => Promise.reject(unreachable));
      const result = await broker({ session: { userId: 'alice' } });
      expect(result.status).toBe(503);
      expect(result.headers['Retry-After']).toBe('5');
      expect(result.body).toMatchObject({
        error: { message: 'The assistant cannot be reached; try again shortly', retryable: true },
      });
    }
  });

  it('every 503 carries a Retry-After, the API giving one or not', async () => {
    const upstream = new PartnerApiError({
      status: 500,
      code: 'internal_error',
      message: 'boom',
      retryable: true,
    });
    const { broker } = brokerWith(async () => Promise.reject(upstream));
    const result = await broker({ session: { userId: 'alice' } });
    expect(result.status).toBe(503);
    expect(result.headers['Retry-After']).toBe('5');
  });

  it("passes getRefusedToken's answer to issueToken, and nothing when there is none", async () => {
    const { broker, backend } = brokerWith(async () => TOKEN);
    await broker({ session: { userId: 'alice' }, refusedToken: 'pat_old' });
    await broker({ session: { userId: 'alice' } });
    await broker({ session: { userId: 'alice' }, refusedToken: '' });
    expect(backend.issueToken.mock.calls).toEqual([
      [{ externalUserId: 'alice', locale: 'fr-FR' }, { refusedToken: 'pat_old' }],
      [{ externalUserId: 'alice', locale: 'fr-FR' }],
      [{ externalUserId: 'alice', locale: 'fr-FR' }],
    ]);
  });

  it('answers 502 on a failure that will not heal by itself', async () => {
    const { broker } = brokerWith(async () =>
      Promise.reject(
        new PartnerValidationError([{ field: 'externalUserId', message: 'too long' }]),
      ),
    );
    const result = await broker({ session: { userId: 'alice' } });
    expect(result.status).toBe(502);
    expect(result.body).toMatchObject({ error: { retryable: false } });
  });
});

describe('createExpressTokenBroker', () => {
  it('writes the broker answer to the response', async () => {
    const handler = createExpressTokenBroker<FakeRequest>({
      backend: { issueToken: async () => TOKEN },
      getExternalUserId: (req) => req.session?.userId,
    });
    const res = { status: vi.fn(), setHeader: vi.fn(), json: vi.fn() };
    const next = vi.fn();
    await handler({ session: { userId: 'alice' } }, res, next);
    expect(res.status).toHaveBeenCalledWith(200);
    expect(res.setHeader).toHaveBeenCalledWith('Cache-Control', 'no-store');
    expect(res.json).toHaveBeenCalledWith(TOKEN);
    expect(next).not.toHaveBeenCalled();
  });

  it('carries getRefusedToken to the backend', async () => {
    const issueToken = vi.fn(async () => TOKEN);
    const handler = createExpressTokenBroker<FakeRequest>({
      backend: { issueToken },
      getExternalUserId: (req) => req.session?.userId,
      getRefusedToken: (req) => req.refusedToken,
    });
    const res = { status: vi.fn(), setHeader: vi.fn(), json: vi.fn() };
    await handler({ session: { userId: 'alice' }, refusedToken: 'pat_old' }, res, vi.fn());
    expect(issueToken).toHaveBeenCalledWith(
      { externalUserId: 'alice' },
      { refusedToken: 'pat_old' },
    );
  });

  it('passes an error of the session lookup to next', async () => {
    const failure = new Error('session store down');
    const handler = createExpressTokenBroker<FakeRequest>({
      backend: { issueToken: async () => TOKEN },
      getExternalUserId: () => {
        throw failure;
      },
    });
    const res = { status: vi.fn(), setHeader: vi.fn(), json: vi.fn() };
    const next = vi.fn();
    await handler({}, res, next);
    expect(next).toHaveBeenCalledWith(failure);
    expect(res.json).not.toHaveBeenCalled();
  });
});
