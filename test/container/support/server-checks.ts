/**
 * What a suite outside Node does with the reference server, done over HTTP only: wait for
 * `/healthz`, run the conformance kit, drive faults and the virtual clock through the admin API.
 */
import { execFile } from 'node:child_process';
import { ROOT } from '../../support/workspace-packages.ts';

/** The application of {@link CI_CONFIG}: its rate allows the conformance kit to run unpaced. */
export const CI_APPLICATION = { clientId: 'ci-sandbox', clientSecret: 'ci-sandbox-secret' };

/** A configuration file as a CI suite mounts one (`--config /config.json`). */
export const CI_CONFIG = {
  partners: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      name: 'Container CI',
      applications: [
        {
          client_id: CI_APPLICATION.clientId,
          client_secret: CI_APPLICATION.clientSecret,
          environment: 'sandbox',
          scopes: ['chat:read', 'chat:write', 'feedback:write'],
          capabilities: ['administrative_procedures', 'local_life'],
          locales: ['fr-FR', 'en-GB'],
          limits: {
            message_characters: 2000,
            requests_per_minute: 6000,
            concurrent_turns: 4,
            daily_messages: 5000,
          },
          token_ttl_seconds: 900,
        },
      ],
    },
  ],
  assistant: { processing_ms: 60 },
  queue: { capacity: 1000 },
};

/** The demo configuration's sandbox application (public credentials). */
export const DEMO_APPLICATION = { clientId: 'demo-sandbox', clientSecret: 'demo-sandbox-secret' };

/** Resolves once `GET /healthz` answers 200, polling within `budgetMs`. */
export async function waitForHealth(baseUrl: string, budgetMs = 30_000): Promise<void> {
  const deadline = Date.now() + budgetMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${baseUrl}/healthz never answered 200 (${last})`);
}

/** Runs the built conformance kit's command on `groups`; resolves with its exit code and report. */
export function runConformanceKit(
  baseUrl: string,
  groups: string,
): Promise<{ code: number; report: string }> {
  const bin = `${ROOT}packages/conformance/bin/partner-assistant-conformance.js`;
  const args = [bin, '--base-url', baseUrl, '--client-id', CI_APPLICATION.clientId];
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...args, '--only', groups, '--reporter', 'json'],
      { env: { ...process.env, PARTNER_ASSISTANT_CLIENT_SECRET: CI_APPLICATION.clientSecret } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, report: `${stdout}${stderr}` }),
    );
  });
}

async function call(baseUrl: string, method: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${baseUrl}${path}`, { method, ...init });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} };
}

/** `POST /__admin…` (or any method) with a JSON body. */
export function admin(baseUrl: string, method: string, path: string, body?: unknown) {
  return call(baseUrl, method, `/__admin${path}`, {
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
}

/** Issues a user token with an application's credentials: the answer's status and token. */
export async function issueToken(baseUrl: string, app: typeof CI_APPLICATION) {
  const basic = Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64');
  const reply = await call(baseUrl, 'POST', '/api/partners/v1/tokens', {
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' },
    body: JSON.stringify({ external_user_id: 'container-user' }),
  });
  return {
    status: reply.status,
    retryAfter: reply.headers.get('retry-after'),
    token: reply.body.access_token as string | undefined,
  };
}

/** `GET /capabilities` with a user token: its status. */
export async function capabilitiesStatus(baseUrl: string, token: string): Promise<number> {
  const reply = await call(baseUrl, 'GET', '/api/partners/v1/capabilities', {
    headers: { authorization: `Bearer ${token}` },
  });
  return reply.status;
}

/**
 * A fault armed from outside: the next token request answers 503 with `Retry-After`, the one
 * after 200, and the journal shows both. Resolves with what was observed.
 */
export async function faultRoundTrip(baseUrl: string) {
  const armed = await admin(baseUrl, 'POST', '/faults/errors', {
    count: 1,
    code: 'queue_unavailable',
    retryAfterSeconds: 2,
    operation: 'issueToken',
  });
  const first = await issueToken(baseUrl, CI_APPLICATION);
  const second = await issueToken(baseUrl, CI_APPLICATION);
  const journal = await admin(baseUrl, 'GET', '/journal?operation=issueToken&limit=2');
  return {
    armed: armed.status,
    first: { status: first.status, retryAfter: first.retryAfter },
    second: second.status,
    journal: (journal.body.entries as { status: number }[]).map((entry) => entry.status),
  };
}

/**
 * The virtual clock moved from outside: a token valid at the seeded start is refused once
 * `POST /__admin/clock/advance` has moved time past its 15 minutes. Resolves with what was observed.
 */
export async function clockRoundTrip(baseUrl: string) {
  const clock = (await admin(baseUrl, 'GET', '/clock')).body;
  const { token = '' } = await issueToken(baseUrl, DEMO_APPLICATION);
  const before = await capabilitiesStatus(baseUrl, token);
  const advanced = (await admin(baseUrl, 'POST', '/clock/advance', { ms: 901_000 })).body;
  const after = await capabilitiesStatus(baseUrl, token);
  return { clock, before, advanced, after };
}

/** What {@link clockRoundTrip} observes on a server started with `--admin --seed …`. */
export const CLOCK_ROUND_TRIP = {
  clock: { now: '2026-01-01T00:00:00.000Z', mode: 'manual' },
  before: 200,
  advanced: { now: '2026-01-01T00:15:01.000Z' },
  after: 401,
};

/** What {@link faultRoundTrip} observes on a server started with `--admin`. */
export const FAULT_ROUND_TRIP = {
  armed: 200,
  first: { status: 503, retryAfter: '2' },
  second: 200,
  journal: [503, 200],
};

/** The conformance groups a CI suite runs against the server (its admin API left aside). */
export const CONFORMANCE_GROUPS = 'tokens,conversations,messages,turns,websocket';

/** Runs one of the package's scripts (`build-image.mjs`, `build-binary.mjs`) with `env` added. */
export function runPackageScript(
  script: string,
  env: Record<string, string> = {},
): Promise<string> {
  const path = `${ROOT}packages/reference-server/scripts/${script}`;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path],
      { cwd: ROOT, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${script} failed:\n${stdout}\n${stderr}`));
        else resolve(`${stdout}${stderr}`);
      },
    );
  });
}
