/**
 * Every admin route takes what `docs/reference/admin-api.md` says it takes: read from the page's
 * route table, each route is called with its required fields alone (no body at all where every
 * field is optional, as the page says a body then is), and answers 2xx. The defaults the page
 * names for an absent field hold: one connection reset, one hang, one failed turn.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningReferenceServer, startReferenceServer } from '../src/index.ts';
import { TEST_CONFIG } from './support/test-server.ts';

const page = readFileSync(new URL('../../../docs/reference/admin-api.md', import.meta.url), 'utf8');

/** A route of the page's table: method, path, and the body fields it marks required or not. */
interface DocumentedRoute {
  method: string;
  path: string;
  required: string[];
  optional: string[];
}

/** The rows of the "Routes" table: `| `POST /__admin/…` | `{"ms", "tenant"?}` | … |`. */
function documentedRoutes(): DocumentedRoute[] {
  const rows = [...page.matchAll(/^\| `(GET|POST|DELETE) (\/__admin[^`]*)` \|([^|]*)\|/gm)];
  return rows.map(([, method = '', path = '', body = '']) => {
    // `{"ms"}` or `{"minMs", "maxMs"}`: the first shape; `"tenant"?` anywhere applies to all.
    const [shape = ''] = body.split(' or ');
    const fields = (text: string) => [...text.matchAll(/"(\w+)"(\??)/g)];
    return {
      method,
      path,
      required: fields(shape)
        .filter(([, , mark]) => mark === '')
        .map(([, name = '']) => name),
      optional: fields(body)
        .filter(([, , mark]) => mark === '?')
        .map(([, name = '']) => name),
    };
  });
}

/** A valid value for each field the page marks required. */
const SAMPLE: Readonly<Record<string, unknown>> = {
  ms: 1_000,
  instant: '2026-03-10T23:59:00Z',
  count: 1,
  code: 'queue_unavailable',
  afterDeltas: 1,
  accessToken: 'pat_unknown_to_this_server',
};

let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({ config: TEST_CONFIG, admin: true, seed: 'admin-fields' });
});
afterAll(() => server.close());

async function admin(method: string, path: string, body?: unknown) {
  const answer = await fetch(`${server.url}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: answer.status, body: await answer.json() };
}

describe('the admin API takes what admin-api.md documents', () => {
  const routes = documentedRoutes();

  it('reads every route of the table', () => {
    expect(routes.length).toBeGreaterThanOrEqual(20);
    expect(routes).toContainEqual({
      method: 'POST',
      path: '/__admin/faults/fail-next-turns',
      required: [],
      optional: ['count', 'tenant'],
    });
  });

  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s answers 2xx with its required fields alone',
    async (_name, route) => {
      const body = Object.fromEntries(route.required.map((field) => [field, SAMPLE[field]]));
      const sent = route.method === 'POST' ? body : undefined;
      const answer = await admin(route.method, route.path, sent);
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
      if (route.method === 'POST' && route.required.length === 0) {
        const bare = await admin(route.method, route.path);
        expect(bare.status, `no body: ${JSON.stringify(bare.body)}`).toBeLessThan(300);
      }
      await admin('DELETE', '/__admin/faults');
    },
  );

  it('an absent count arms one: one failed turn, one reset, one hang', async () => {
    for (const path of ['fail-next-turns', 'connection-reset', 'hang']) {
      expect((await admin('POST', `/__admin/faults/${path}`)).status).toBe(200);
    }
    const { body } = await admin('GET', '/__admin/faults');
    expect(body.faults).toEqual(
      expect.arrayContaining(
        ['fail-next-turns', 'connection-reset', 'hang'].map((kind) =>
          expect.objectContaining({ kind, count: 1 }),
        ),
      ),
    );
    await admin('DELETE', '/__admin/faults');
  });

  it("the page's curl examples fail on an answer other than 2xx", () => {
    const curls = [...page.matchAll(/^curl .*$/gm)].map(([line]) => line);
    expect(curls.length).toBeGreaterThanOrEqual(3);
    for (const curl of curls) expect(curl).toMatch(/^curl -f/);
  });
});
