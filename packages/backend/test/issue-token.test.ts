import { SCOPES } from '@partner-assistant/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPartnerApiError, isPartnerValidationError } from '../src/index.ts';
import {
  backendFor,
  newExternalUserId,
  PARTNER_A,
  PARTNER_B,
  type ReferenceServer,
  startServer,
  TOKEN_TTL_SECONDS,
} from './reference-server.ts';

describe('issueToken against the reference server', () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('issues a Bearer token with the application scopes and lifetime', async () => {
    const { backend } = backendFor(server);
    const before = Date.now();
    const token = await backend.issueToken({
      externalUserId: newExternalUserId('fields'),
      locale: 'fr-FR',
      timezone: 'Europe/Paris',
    });
    expect(token.token_type).toBe('Bearer');
    expect(token.access_token.length).toBeGreaterThan(0);
    expect([...token.scopes].sort()).toEqual([...SCOPES].sort());
    expect(token.expires_in).toBe(TOKEN_TTL_SECONDS);
    const expiresAt = Date.parse(token.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + (TOKEN_TTL_SECONDS - 1) * 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + TOKEN_TTL_SECONDS * 1000 + 1000);
    expect(token.user.id).toEqual(expect.any(String));
  });

  it('maps the same external id to one user per partner, and to two users across partners', async () => {
    const externalUserId = newExternalUserId('shared');
    const a = backendFor(server, PARTNER_A).backend;
    const b = backendFor(server, PARTNER_B).backend;
    const first = await a.issueToken({ externalUserId });
    const again = await a.issueToken({ externalUserId });
    const other = await b.issueToken({ externalUserId });
    expect(again.user.id).toBe(first.user.id);
    expect(other.user.id).not.toBe(first.user.id);
  });

  it('answers 401 unauthorized to a wrong secret, without retrying', async () => {
    const { backend, waits } = backendFor(server, {
      clientId: PARTNER_A.clientId,
      clientSecret: 'wrong-secret',
    });
    const error = await backend
      .issueToken({ externalUserId: newExternalUserId('badcreds') })
      .catch((e: unknown) => e);
    expect(isPartnerApiError(error, 'unauthorized')).toBe(true);
    expect(error).toMatchObject({ status: 401, retryable: false, requestId: expect.any(String) });
    expect(waits).toEqual([]);
  });

  it('refuses bad input client-side, sending nothing', async () => {
    const sent: string[] = [];
    const { backend } = backendFor(server, PARTNER_A, {
      fetch: (input, init) => {
        sent.push(String(input));
        return fetch(input, init);
      },
    });
    const error = await backend
      .issueToken({ externalUserId: 'x'.repeat(256), timezone: 'Nowhere/Atlantis' })
      .catch((e: unknown) => e);
    expect(isPartnerValidationError(error)).toBe(true);
    expect(error).toMatchObject({ issues: [{ field: 'externalUserId' }, { field: 'timezone' }] });
    expect(sent).toEqual([]);
  });

  it('gets 422 invalid_request from the server when client-side validation is off', async () => {
    const { backend, waits } = backendFor(server, PARTNER_A, { validateInput: false });
    const error = await backend
      .issueToken({ externalUserId: 'x'.repeat(256), locale: 'fr-FR' })
      .catch((e: unknown) => e);
    expect(isPartnerApiError(error, 'invalid_request')).toBe(true);
    if (!isPartnerApiError(error, 'invalid_request')) return;
    expect(error.status).toBe(422);
    expect(error.retryable).toBe(false);
    expect(error.details.map((detail) => detail.path)).toContain('body.external_user_id');
    expect(waits).toEqual([]);
  });
});
