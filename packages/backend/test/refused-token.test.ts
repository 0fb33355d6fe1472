/**
 * `issueToken(input, { refusedToken })` with the token cache on: a cached token the API refused
 * (here, forgotten by a restarted server) is replaced; any other value changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenBroker } from '../src/index.ts';
import {
  backendFor,
  callAsUser,
  newExternalUserId,
  type ReferenceServer,
  startServer,
} from './reference-server.ts';

describe('issueToken with refusedToken, token cache on', () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const issuances = () => server.control.journal.entries({ operation: 'issueToken' }).length;

  it('replaces the cached token the restarted server refuses, once', async () => {
    const { backend } = backendFor(server, undefined, { tokenCache: true });
    const externalUserId = newExternalUserId('restart');
    const old = await backend.issueToken({ externalUserId });
    // The server restarts on the same port: it forgot every token.
    const port = new URL(server.url).port;
    await server.close();
    server = await startServer({ port: Number(port) });
    expect((await callAsUser(server, old.access_token, 'GET', '/capabilities')).status).toBe(401);
    expect((await backend.issueToken({ externalUserId })).access_token).toBe(old.access_token);

    const fresh = await backend.issueToken({ externalUserId }, { refusedToken: old.access_token });
    expect(fresh.access_token).not.toBe(old.access_token);
    expect((await callAsUser(server, fresh.access_token, 'GET', '/capabilities')).status).toBe(200);
    // The new token is cached; the old one, sent again, changes nothing.
    server.control.journal.clear();
    const again = await backend.issueToken({ externalUserId }, { refusedToken: old.access_token });
    expect(again.access_token).toBe(fresh.access_token);
    expect(issuances()).toBe(0);
  });

  it('a token the cache never held issues nothing', async () => {
    const { backend } = backendFor(server, undefined, { tokenCache: true });
    const alice = newExternalUserId('alice');
    const bob = newExternalUserId('bob');
    const alicesToken = await backend.issueToken({ externalUserId: alice });
    const bobsToken = await backend.issueToken({ externalUserId: bob });
    server.control.journal.clear();
    for (const refusedToken of ['pat_guessed', '', `${alicesToken.access_token}x`]) {
      const token = await backend.issueToken({ externalUserId: alice }, { refusedToken });
      expect(token.access_token).toBe(alicesToken.access_token);
    }
    // Another user's token does not drop alice's, nor bob's.
    await backend.issueToken({ externalUserId: alice }, { refusedToken: bobsToken.access_token });
    await backend.issueToken({ externalUserId: bob });
    expect(issuances()).toBe(0);
  });

  it("the broker passes getRefusedToken's answer on: the refused cached token is replaced", async () => {
    const { backend } = backendFor(server, undefined, { tokenCache: true });
    const externalUserId = newExternalUserId('broker');
    const broker = createTokenBroker<{ refused?: string }>({
      backend,
      getExternalUserId: () => externalUserId,
      getRefusedToken: (request) => request.refused,
    });
    const first = await broker({});
    const token = (first.body as { access_token: string }).access_token;
    expect((await broker({})).body).toMatchObject({ access_token: token });
    server.control.tokens.revoke(token);
    const second = await broker({ refused: token });
    expect(second.status).toBe(200);
    expect(second.body).not.toMatchObject({ access_token: token });
  });
});
