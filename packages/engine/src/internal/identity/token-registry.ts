import type { Scope } from '@partner-assistant/contract';
import { clockOf, type EngineContext } from '../context/engine-context.ts';
import type { ApplicationRecord, TokenRecord, UserRecord } from '../state/engine-state.ts';

/** Random bytes in a token: 256 bits, twice the minimum the decisions require. */
const TOKEN_RANDOM_BYTES = 32;

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** Forgets expired tokens, so a long CI run does not accumulate them. */
function sweepExpiredTokens(context: EngineContext): void {
  for (const [token, record] of context.state.tokens) {
    if (record.expiresAt <= clockOf(context, record.clientId).now())
      context.state.tokens.delete(token);
  }
}

/** Issues an opaque token for `user`, carrying the application's scopes and lifetime. */
export function issueUserToken(
  context: EngineContext,
  request: {
    application: ApplicationRecord;
    user: UserRecord;
    locale: string;
    localeRequested: boolean;
  },
): TokenRecord {
  const { application, user, locale, localeRequested } = request;
  sweepExpiredTokens(context);
  const record: TokenRecord = {
    token: `pat_${base64Url(context.random.bytes(TOKEN_RANDOM_BYTES))}`,
    userId: user.id,
    clientId: application.clientId,
    scopes: [...application.scopes],
    expiresAt:
      context.time.ofPartner(application.partnerId).now() + application.tokenTtlSeconds * 1000,
    locale,
    localeRequested,
  };
  context.state.tokens.set(record.token, record);
  return record;
}

/** The live record of `token`, or `undefined` when it is unknown, revoked or expired. */
export function resolveUserToken(context: EngineContext, token: string): TokenRecord | undefined {
  const record = context.state.tokens.get(token);
  if (!record) return undefined;
  if (record.expiresAt <= clockOf(context, record.clientId).now()) {
    context.state.tokens.delete(token);
    return undefined;
  }
  return record;
}

/** Revokes every token of `userId`; returns the revoked tokens. */
export function revokeUserTokens(context: EngineContext, userId: string): string[] {
  const revoked: string[] = [];
  for (const [token, record] of context.state.tokens) {
    if (record.userId === userId) {
      context.state.tokens.delete(token);
      revoked.push(token);
    }
  }
  return revoked;
}

/** True when `record` carries `scope`. */
export function tokenHasScope(record: TokenRecord, scope: Scope): boolean {
  return record.scopes.includes(scope);
}

/** Makes `token` expire now (a test fault); false when it is unknown. */
export function expireUserToken(context: EngineContext, token: string): boolean {
  const record = context.state.tokens.get(token);
  if (!record) return false;
  record.expiresAt = Math.min(record.expiresAt, clockOf(context, record.clientId).now());
  return true;
}

/** Revokes one token; false when it is unknown. */
export function revokeUserToken(context: EngineContext, token: string): boolean {
  return context.state.tokens.delete(token);
}
