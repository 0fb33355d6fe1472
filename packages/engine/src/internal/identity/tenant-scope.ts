import type { Environment } from '@partner-assistant/contract';
import { ApiError } from '../errors/api-error.ts';
import type { EngineState } from '../state/engine-state.ts';
import { readAuthorizationHeader } from './authorization-header.ts';

/**
 * What a control scoped to a tenant applies to: a whole partner, or one of its applications
 * (then also the application's environment, for the data a reset drops).
 */
export interface TenantScope {
  /** The partner. */
  partnerId: string;
  /** One application of the partner; every application when absent. */
  clientId?: string;
  /** The environment of {@link clientId}. */
  environment?: Environment;
}

/** The application and partner a request or turn belongs to. */
export interface Requester {
  /** Client id of the application. */
  clientId: string;
  /** Its partner. */
  partnerId: string;
}

/** A tenant named by a control that the server does not know. */
export class UnknownTenantError extends ApiError {
  override readonly name: string = 'UnknownTenantError';

  constructor(message: string) {
    super('invalid_request', message, { details: [{ path: 'tenant', message }] });
  }
}

/**
 * Resolves `tenant`, a partner id or a client id, to its scope.
 *
 * @throws {UnknownTenantError} when no partner or application has this id.
 */
export function resolveTenantScope(state: EngineState, tenant: string): TenantScope {
  const partnerId = tenant.toLowerCase();
  if (state.partners.has(partnerId)) return { partnerId };
  const application = state.applications.get(tenant);
  if (application) {
    return {
      partnerId: application.partnerId,
      clientId: application.clientId,
      environment: application.environment,
    };
  }
  throw new UnknownTenantError(
    `tenant: no partner id or client id ${JSON.stringify(tenant)} is known to the server`,
  );
}

/** True when `requester` falls within `scope` (an absent scope covers everyone). */
export function inScope(scope: TenantScope | undefined, requester: Requester | undefined): boolean {
  if (!scope) return true;
  if (!requester || requester.partnerId !== scope.partnerId) return false;
  return scope.clientId === undefined || scope.clientId === requester.clientId;
}

/** True when a rule armed for `ruleScope` belongs to `target` (to disarm it with `target`). */
export function scopeWithin(ruleScope: TenantScope | undefined, target: TenantScope): boolean {
  if (!ruleScope || ruleScope.partnerId !== target.partnerId) return false;
  return target.clientId === undefined || ruleScope.clientId === target.clientId;
}

/** The application a client id names, as a requester (`undefined` when unknown). */
export function requesterOf(
  state: EngineState,
  clientId: string | undefined,
): Requester | undefined {
  const application = clientId === undefined ? undefined : state.applications.get(clientId);
  return application
    ? { clientId: application.clientId, partnerId: application.partnerId }
    : undefined;
}

/**
 * The application an `Authorization` header names, without checking it: a Basic client id, or
 * the application of a known token. Used to attribute a request to a tenant before it is
 * authenticated (tenant-scoped faults answer before authentication, as a gateway would).
 */
export function identifyRequester(
  state: EngineState,
  authorization: string | undefined,
): Requester | undefined {
  if (authorization === undefined) return undefined;
  const credentials = readAuthorizationHeader(authorization);
  if (credentials.scheme === 'basic') return requesterOf(state, credentials.clientId);
  if (credentials.scheme === 'bearer')
    return requesterOf(state, state.tokens.get(credentials.token)?.clientId);
  return undefined;
}
