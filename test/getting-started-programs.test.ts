import { rmSync, writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';
// The root has no dependency on the server: its source, as the server's own tests run it.
import { startReferenceServer } from '../packages/reference-server/src/index.ts';
import { freePort, pageProgram, printedBy, readerProject, tsx } from './support/reader-project.ts';

/**
 * The getting-started programs run as their pages say, in a CommonJS project: the backend's
 * token route on the reference server, then the app's chat through that route, in English; with
 * the API stopped, the route answers 503 and its log says why. On both profiles: with the minimal
 * one the API answers only what the specification shows, ids in upper case.
 */
it.each(['full', 'minimal'] as const)(
  'the getting-started programs run against the reference server (%s profile)',
  async (profile) => {
    let api = await startReferenceServer({ port: 0, profile });
    const dir = readerProject();
    writeFileSync(`${dir}/server.ts`, pageProgram('backend-developer.md', 1));
    writeFileSync(`${dir}/chat.ts`, pageProgram('app-developer.md', 2));
    const port = await freePort();
    const backend = tsx(dir, 'server.ts', {
      PARTNER_ASSISTANT_BASE_URL: api.url,
      PARTNER_ASSISTANT_CLIENT_ID: 'demo-sandbox',
      PARTNER_ASSISTANT_CLIENT_SECRET: 'demo-sandbox-secret',
      PORT: String(port),
    });
    try {
      const backendOutput = printedBy(backend);
      await expect.poll(backendOutput, { timeout: 20_000 }).toContain('Partner server on');
      const origin = `http://localhost:${port}`;
      // The page's two curl commands.
      const token = await fetch(`${origin}/assistant/token`, {
        method: 'POST',
        headers: { 'x-user': 'alice' },
      });
      expect(token.status).toBe(200);
      expect(await token.json()).toMatchObject({ token_type: 'Bearer' });

      const runChat = async () => {
        const chat = tsx(dir, 'chat.ts', {
          PARTNER_ASSISTANT_BASE_URL: api.url,
          TOKEN_ROUTE_URL: `${origin}/assistant/token`,
        });
        const printed = printedBy(chat);
        const exit = await new Promise((resolve) => chat.once('exit', resolve));
        return { code: exit, output: printed() };
      };
      const { code, output } = await runChat();
      expect(code, output).toBe(0);
      const lines = output.trim().split('\n');
      const answer = lines.find((line) =>
        /^\(\d+ characters\)$/.test(lines[lines.indexOf(line) + 1] ?? ''),
      );
      // The answer alone on its lines (labels before it), in the user's language.
      expect(answer, output).toMatch(/\bthe\b/);
      expect(answer).not.toMatch(/\b(votre|mairie|les|pour)\b/i);
      expect(answer).not.toContain('…');
      expect(output).toContain('user: How do I renew my passport?');

      // The API restarts on the same port and forgets every token: the backend's cached token is
      // refused, the program sends it back in X-Refused-Token and gets a new one.
      const apiPort = Number(new URL(api.url).port);
      await api.close();
      api = await startReferenceServer({ port: apiPort, profile });
      const afterRestart = await runChat();
      expect(afterRestart.code, afterRestart.output).toBe(0);
      expect(afterRestart.output).toContain('user: How do I renew my passport?');

      const erased = await fetch(`${origin}/account/assistant-data`, {
        method: 'DELETE',
        headers: { 'x-user': 'alice' },
      });
      expect(await erased.json()).toEqual({ deleted: true });

      // The API goes down: the app gets 503 (not 401), and the backend's log says why.
      await api.close();
      const refused = await fetch(`${origin}/assistant/token`, {
        method: 'POST',
        headers: { 'x-user': 'bob' },
      });
      expect(refused.status).toBe(503);
      await expect
        .poll(backendOutput)
        .toContain('Could not issue an assistant token: PartnerNetworkError');
    } finally {
      backend.kill('SIGTERM');
      await api.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
  120_000,
);
