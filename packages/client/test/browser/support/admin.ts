/**
 * The shared reference server's controls, reached from the page over its admin HTTP API
 * (`/__admin`, on in the browser project's global setup), and user tokens issued the way a
 * partner's backend issues them. Every control takes the test file's tenant, so files running
 * side by side never see each other's faults, journal or data.
 */
import type { OperationName, Token } from '@partner-assistant/contract';
import { PATH_PREFIX } from '@partner-assistant/contract/constants';
import type {
  InjectableErrorCode,
  JournalEntry,
  TenantCredentials,
  TenantOptions,
} from '@partner-assistant/reference-server';
import { inject } from 'vitest';

export type { JournalEntry, TenantCredentials };

/** REST base URL of the shared reference server (`http://127.0.0.1:PORT`). */
export function serverUrl(): string {
  return inject('partnerAssistantUrl');
}

/** WebSocket base URL of the shared reference server (`ws://127.0.0.1:PORT`). */
export function serverWsUrl(): string {
  return inject('partnerAssistantWsUrl');
}

/** Calls an admin route; a refusal throws with the server's answer. */
async function callAdmin<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) {
  const response = await fetch(`${serverUrl()}/__admin${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  if (!response.ok) {
    throw new Error(
      `admin ${method} ${path} answered ${response.status}: ${await response.text()}`,
    );
  }
  return (await response.json()) as T;
}

/** A fresh tenant: a partner and application of its own, with their own users and quotas. */
export function createTenant(options: TenantOptions = {}): Promise<TenantCredentials> {
  return callAdmin<TenantCredentials>('POST', '/tenants', options);
}

/** Drops the tenant's data, tokens, sockets, faults and journal; its credentials stay valid. */
export async function resetTenant(tenant: TenantCredentials): Promise<void> {
  await callAdmin('POST', '/reset', { tenant: tenant.clientId });
}

/** Injected errors: the next `count` matching requests of the tenant answer `code`. */
export interface InjectedErrorsInput {
  count: number;
  code: InjectableErrorCode;
  retryAfterSeconds?: number;
  /** Only this operation; every operation when omitted. */
  operation?: OperationName;
}

/** Arms errors for the tenant's next requests (answered before authentication). */
export async function injectErrors(
  tenant: TenantCredentials,
  errors: InjectedErrorsInput,
): Promise<void> {
  await callAdmin('POST', '/faults/errors', { ...errors, tenant: tenant.clientId });
}

/** Cuts the tenant's open sockets (clients see `1006`); resolves to how many were cut. */
export async function dropSockets(tenant: TenantCredentials): Promise<number> {
  const { dropped } = await callAdmin<{ dropped: number }>('POST', '/faults/drop-sockets', {
    tenant: tenant.clientId,
  });
  return dropped;
}

/** Cuts the sockets of the tenant's next streaming turn (or of `turnId`) after delta K. */
export async function dropAfterDelta(
  tenant: TenantCredentials,
  drop: { afterDeltas: number; turnId?: string },
): Promise<void> {
  await callAdmin('POST', '/faults/drop-after-delta', { ...drop, tenant: tenant.clientId });
}

/** The tenant's next `count` turns end with `assistant.error` and status `failed`. */
export async function failNextTurns(tenant: TenantCredentials, count = 1): Promise<void> {
  await callAdmin('POST', '/faults/fail-next-turns', { count, tenant: tenant.clientId });
}

/** Which journal entries {@link readJournal} returns. */
export interface JournalQuery {
  operation?: OperationName;
  kind?: 'http' | 'ws';
  /** ISO 8601 instant: only entries at or after it. */
  since?: string;
  limit?: number;
}

/** The tenant's journal entries (REST requests and socket frames), newest last. */
export async function readJournal(
  tenant: TenantCredentials,
  query: JournalQuery = {},
): Promise<JournalEntry[]> {
  const search = new URLSearchParams({ tenant: tenant.clientId });
  for (const [key, value] of Object.entries(query)) search.set(key, String(value));
  const { entries } = await callAdmin<{ entries: JournalEntry[] }>('GET', `/journal?${search}`);
  return entries;
}

/**
 * Issues a user token with the tenant's credentials (HTTP Basic), as the partner's backend does:
 * pass it as the client's `token` function.
 */
export async function issueToken(
  tenant: TenantCredentials,
  externalUserId: string,
  locale?: string,
): Promise<Token> {
  const response = await fetch(`${serverUrl()}${PATH_PREFIX}/tokens`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${btoa(`${tenant.clientId}:${tenant.clientSecret}`)}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ external_user_id: externalUserId, ...(locale ? { locale } : {}) }),
  });
  if (!response.ok) throw new Error(`token issuance answered ${response.status}`);
  return (await response.json()) as Token;
}
