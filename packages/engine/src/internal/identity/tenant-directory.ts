import type { PartnerConfig } from '../config/reference-config-schema.ts';
import { ApiError } from '../errors/api-error.ts';
import type { ApplicationRecord, EngineState, PartnerRecord } from '../state/engine-state.ts';
import type { PresentedCredentials } from './authorization-header.ts';
import { constantTimeEqual } from './constant-time-equal.ts';

/** Adds a partner and its applications from the configuration (its id in lower case). */
export function registerPartner(state: EngineState, partner: PartnerConfig): void {
  const partnerId = partner.id.toLowerCase();
  state.partners.set(partnerId, { id: partnerId, name: partner.name });
  for (const application of partner.applications) {
    state.applications.set(application.client_id, {
      clientId: application.client_id,
      clientSecret: application.client_secret,
      partnerId,
      environment: application.environment,
      scopes: [...application.scopes],
      capabilities: [...application.capabilities],
      locales: [...application.locales],
      limits: { ...application.limits },
      tokenTtlSeconds: application.token_ttl_seconds,
    });
  }
}

/** An authenticated application and its partner. */
export interface AuthenticatedApplication {
  /** The application. */
  application: ApplicationRecord;
  /** Its partner. */
  partner: PartnerRecord;
}

const UNAUTHORIZED_BASIC = 'Missing or invalid application credentials';

/**
 * Authenticates HTTP Basic application credentials. The secret is compared in constant time,
 * also when the client id is unknown, so timing does not reveal which client ids exist.
 *
 * @throws {ApiError} `401 unauthorized`.
 */
export function authenticateApplication(
  state: EngineState,
  credentials: PresentedCredentials,
): AuthenticatedApplication {
  if (credentials.scheme !== 'basic') throw new ApiError('unauthorized', UNAUTHORIZED_BASIC);
  const application = state.applications.get(credentials.clientId);
  const secretMatches = constantTimeEqual(
    credentials.clientSecret,
    application?.clientSecret ?? '\u0000unknown-client',
  );
  const partner = application ? state.partners.get(application.partnerId) : undefined;
  if (!application || !partner || !secretMatches) {
    throw new ApiError('unauthorized', UNAUTHORIZED_BASIC);
  }
  return { application, partner };
}
