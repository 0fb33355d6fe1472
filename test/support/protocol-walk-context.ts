import { WEBSOCKET_SUBPROTOCOL } from '@partner-assistant/contract';
import type { RunningReferenceServer } from '../../packages/reference-server/src/index.ts';
import type { ClaimLedger } from './guide-claims.ts';
import {
  type Credentials,
  type RecordedExchange,
  RecordingApi,
  type RecordingChannel,
} from './recording-api.ts';

/** What a walk of the protocol guide needs: the server, its profile and the ledger of claims. */
export interface GuideWalk {
  server: RunningReferenceServer;
  profile: 'full' | 'minimal';
  ledger: ClaimLedger;
  /** Every REST answer the walks saw, with whether its request was authenticated. */
  answers: Array<{ exchange: RecordedExchange; authenticated: boolean }>;
  /** Every turn status the walks read. */
  statuses: Set<string>;
}

/** Options of the tenant a walk's user belongs to (scopes, limits). */
export type TenantOptions = Parameters<RunningReferenceServer['control']['tenants']['create']>[0];

/** A user of a fresh tenant, with a token, as a native app gets one from its backend. */
export interface WalkUser {
  api: RecordingApi;
  token: string;
  clientId: string;
  basic: [string, string];
  externalUserId: string;
  /** Sends a request and files its answer in the walk's answers. */
  call(
    method: string,
    path: string,
    body?: unknown,
    credentials?: 'token' | 'basic' | 'none' | { token: string },
  ): Promise<RecordedExchange>;
  /** Opens the channel the guide's way: `service.partner.v1`, then the token. */
  connect(): Promise<RecordingChannel>;
}

/** A user of a new tenant of `walk.server`, with a token (issued over REST). */
export async function newUser(walk: GuideWalk, options?: TenantOptions): Promise<WalkUser> {
  const tenant = walk.server.control.tenants.create(options);
  const api = new RecordingApi(walk.server.url, walk.server.wsUrl);
  const basic: [string, string] = [tenant.clientId, tenant.clientSecret];
  const externalUserId = `native-app-user-${tenant.clientId.slice(-6)}`;
  const user: WalkUser = {
    api,
    token: '',
    clientId: tenant.clientId,
    basic,
    externalUserId,
    async call(method, path, body, credentials = 'token') {
      const auth: Credentials =
        credentials === 'token'
          ? { token: user.token }
          : credentials === 'basic'
            ? { basic }
            : credentials === 'none'
              ? {}
              : credentials;
      const exchange = await api.call(method, path, auth, body);
      walk.answers.push({ exchange, authenticated: credentials !== 'none' });
      return exchange;
    },
    async connect() {
      const channel = api.connect([WEBSOCKET_SUBPROTOCOL, user.token]);
      await Promise.race([channel.opened, channel.closed]);
      return channel;
    },
  };
  const issued = await user.call('POST', '/tokens', { external_user_id: externalUserId }, 'basic');
  user.token = (issued.body as { access_token: string }).access_token;
  return user;
}

/** Moves the manual clock in small steps until `done()` says so (at most a minute of server time). */
export async function advanceUntil(walk: GuideWalk, done: () => boolean | Promise<boolean>) {
  for (let step = 0; step < 600; step++) {
    if (await done()) return;
    walk.server.control.clock.advance(100);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error('What the walk waited for never happened');
}

/** The body of an answer as a record. */
export function bodyOf(exchange: RecordedExchange): Record<string, unknown> {
  return (exchange.body ?? {}) as Record<string, unknown>;
}

/** Same UUIDs, in any case. */
export function sameId(a: unknown, b: unknown): boolean {
  return typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();
}

/** A UUID in either case. */
export function isUuid(value: unknown): boolean {
  return typeof value === 'string' && /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i.test(value);
}

/** An ISO 8601 instant. */
export function isTimestamp(value: unknown): boolean {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value));
}
