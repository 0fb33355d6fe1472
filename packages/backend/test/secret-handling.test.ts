import { createServer } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PartnerBackend } from '../src/index.ts';
import {
  backendFor,
  newExternalUserId,
  PARTNER_A,
  type ReferenceServer,
  startServer,
} from './reference-server.ts';

/** A port nothing listens on: connecting to it is refused. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('secret handling against the reference server', () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses to start in a browser-like runtime unless explicitly allowed', async () => {
    vi.stubGlobal('document', {});
    try {
      expect(() => new PartnerBackend({ baseUrl: server.url, ...PARTNER_A })).toThrow(/secret/);
      const allowed = new PartnerBackend({
        baseUrl: server.url,
        ...PARTNER_A,
        dangerouslyAllowBrowser: true,
      });
      await expect(
        allowed.issueToken({ externalUserId: newExternalUserId('jsdom') }),
      ).resolves.toMatchObject({ token_type: 'Bearer' });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('keeps the secret out of errors, log lines and inspection output', async () => {
    const lines: string[] = [];
    const log = (message: string, context: Record<string, unknown>) =>
      lines.push(`${message} ${inspect(context, { depth: 10 })}`);
    const logger = { debug: log, warn: log };
    const { backend } = backendFor(server, PARTNER_A, {
      logger,
      validateInput: false,
      backoff: () => 1,
    });
    const errors: unknown[] = [];
    // Exhausted retries, when the server can inject faults (a later change of the server).
    if (server.control.faults) {
      await server.control.faults.injectErrors({
        count: 5,
        code: 'rate_limit_exceeded',
        retryAfterSeconds: 1,
        operation: 'issueToken',
      });
      errors.push(
        await backend
          .issueToken({ externalUserId: newExternalUserId('secret') })
          .catch((e: unknown) => e),
      );
      await server.control.reset();
    }
    errors.push(await backend.issueToken({ externalUserId: '' }).catch((e: unknown) => e));
    const ok = await backend.issueToken({ externalUserId: newExternalUserId('ok') });
    const unreachable = backendFor(
      { ...server, url: `http://127.0.0.1:${await closedPort()}` },
      PARTNER_A,
      {
        logger,
        backoff: () => 1,
      },
    ).backend;
    errors.push(await unreachable.eraseUser('someone').catch((e: unknown) => e));
    expect(errors.map((e) => (e as Error).name)).toEqual([
      ...(server.control.faults ? ['PartnerApiError'] : []),
      'PartnerApiError',
      'PartnerNetworkError',
    ]);
    expect(ok.token_type).toBe('Bearer');

    const basic = btoa(`${PARTNER_A.clientId}:${PARTNER_A.clientSecret}`);
    const outputs = [
      inspect(backend, { depth: 10, showHidden: true }),
      JSON.stringify(backend),
      `${backend}`,
      ...errors.flatMap((e) => [
        inspect(e, { depth: 10, showHidden: true }),
        JSON.stringify(e),
        String(e),
        (e as Error).stack ?? '',
      ]),
      ...lines,
    ];
    expect(lines.length).toBeGreaterThan(3);
    for (const output of outputs) {
      expect(output).not.toContain(PARTNER_A.clientSecret);
      expect(output).not.toContain(basic);
    }
  });
});
