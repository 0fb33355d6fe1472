import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backendFor,
  callAsUser,
  newExternalUserId,
  type ReferenceServer,
  startServer,
} from './reference-server.ts';

describe('eraseUser against the reference server', () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("deletes the user's conversations and revokes its tokens", async () => {
    const { backend } = backendFor(server);
    const externalUserId = newExternalUserId('erase');
    const before = await backend.issueToken({ externalUserId });
    const created = await callAsUser(server, before.access_token, 'POST', '/conversations', {});
    expect(created.status).toBe(201);
    const { conversation_id } = (await created.json()) as { conversation_id: string };
    expect(
      (
        await callAsUser(
          server,
          before.access_token,
          'GET',
          `/conversations/${conversation_id}/messages`,
        )
      ).status,
    ).toBe(200);

    await expect(backend.eraseUser(externalUserId)).resolves.toEqual({ deleted: true });

    expect((await callAsUser(server, before.access_token, 'GET', '/capabilities')).status).toBe(
      401,
    );
    const after = await backend.issueToken({ externalUserId });
    expect(after.access_token).not.toBe(before.access_token);
    expect(
      (
        await callAsUser(
          server,
          after.access_token,
          'GET',
          `/conversations/${conversation_id}/messages`,
        )
      ).status,
    ).toBe(404);
  });

  it('answers { deleted: true } for a user with no data, and when repeated', async () => {
    const { backend } = backendFor(server);
    const externalUserId = newExternalUserId('nobody');
    await expect(backend.eraseUser(externalUserId)).resolves.toEqual({ deleted: true });
    await expect(backend.eraseUser(externalUserId)).resolves.toEqual({ deleted: true });
  });

  it('erases an id that needs percent-encoding in the path', async () => {
    const { backend } = backendFor(server);
    const externalUserId = `team/42 é?#${crypto.randomUUID()}`;
    const token = await backend.issueToken({ externalUserId });
    await expect(backend.eraseUser(externalUserId)).resolves.toEqual({ deleted: true });
    expect((await callAsUser(server, token.access_token, 'GET', '/capabilities')).status).toBe(401);
  });

  it('drops the cached token of the erased user', async () => {
    const { backend } = backendFor(server, undefined, { tokenCache: true });
    const externalUserId = newExternalUserId('cached');
    const first = await backend.issueToken({ externalUserId });
    expect(await backend.issueToken({ externalUserId })).toBe(first);
    await backend.eraseUser(externalUserId);
    const fresh = await backend.issueToken({ externalUserId });
    expect(fresh.access_token).not.toBe(first.access_token);
    expect((await callAsUser(server, fresh.access_token, 'GET', '/capabilities')).status).toBe(200);
  });

  it('an external user id of "." or ".." is refused before sending, even with input checks off', async () => {
    const { backend } = backendFor(server, undefined, { validateInput: false });
    for (const externalUserId of ['.', '..']) {
      const failure = await backend.eraseUser(externalUserId).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect((failure as Error).name, String(failure)).toBe('PartnerValidationError');
      expect((failure as Error).message).toContain('externalUserId');
    }
  });
});
