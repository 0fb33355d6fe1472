import { describe, expect, it } from 'vitest';
import { clientFor, failureOf, useReferenceServer } from './support/reference-server.ts';

const env = useReferenceServer();

/** What a developer sees when the `baseUrl` has a path the API does not have. */
async function refusalWith(baseUrl: string) {
  const { client, tokenCalls } = clientFor(env.server, env.tenant, { baseUrl });
  const error = await failureOf(client.conversations.create());
  await client.close();
  return { error: error as { name: string; code: string; message: string }, tokenCalls };
}

describe('a baseUrl with a path of its own', () => {
  it('is refused with the method and path the server received, and where the routes are', async () => {
    const { error, tokenCalls } = await refusalWith(`${env.server.url}/v2`);
    expect(error).toMatchObject({ name: 'PartnerApiError', code: 'not_found' });
    expect(error.message).toContain('POST /v2/api/partners/v1/conversations');
    expect(error.message).toContain("the API's paths start with /api/partners/v1");
    // The token went in a header, never into the message.
    for (const token of tokenCalls) expect(error.message).not.toContain(token.access_token);
  });

  it('names the prefix given twice', async () => {
    const { error } = await refusalWith(`${env.server.url}/api/partners/v1/api`);
    expect(error.message).toContain('POST /api/partners/v1/api/api/partners/v1/conversations');
    expect(error.message).toContain('/api/partners/v1, once');
  });
});
