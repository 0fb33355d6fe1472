import type { ApplicationLimits, Environment, Scope } from '@partner-assistant/contract';
import { SCOPES } from '@partner-assistant/contract';
import type { EngineContext } from '../context/engine-context.ts';
import { registerPartner } from './tenant-directory.ts';

/** Options of a tenant created at run time; every field has a default. */
export interface TenantOptions {
  /** Partner name. @default 'Test partner' */
  name?: string;
  /** Environment of its application. @default 'sandbox' */
  environment?: Environment;
  /** Scopes of its tokens. @default every scope */
  scopes?: Scope[];
  /** Authorized verticals. @default ['administrative_procedures', 'local_life'] */
  capabilities?: string[];
  /** Locales, the first being the fallback. @default ['fr-FR', 'en-GB'] */
  locales?: string[];
  /** Limits; missing ones take the defaults. @default 2000 / 600 / 4 / 5000 */
  limits?: Partial<ApplicationLimits>;
  /** Token lifetime. @default 900 */
  tokenTtlSeconds?: number;
}

/** Credentials of a tenant created at run time. */
export interface TenantCredentials {
  /** Partner id (UUID). */
  partnerId: string;
  /** Partner name. */
  partnerName: string;
  /** Client id of its one application. */
  clientId: string;
  /** Client secret of its one application. */
  clientSecret: string;
  /** Environment of the application. */
  environment: Environment;
}

/** Limits of a tenant created at run time, unless overridden. */
export const DEFAULT_TENANT_LIMITS: ApplicationLimits = {
  message_characters: 2000,
  requests_per_minute: 600,
  concurrent_turns: 4,
  daily_messages: 5000,
};

function hex(bytes: Uint8Array): string {
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Creates an isolated partner with one application and fresh credentials. */
export function createTenant(
  context: EngineContext,
  options: TenantOptions = {},
): TenantCredentials {
  const partnerId = context.random.uuid();
  const credentials: TenantCredentials = {
    partnerId,
    partnerName: options.name ?? 'Test partner',
    clientId: `tenant-${hex(context.random.bytes(8))}`,
    clientSecret: hex(context.random.bytes(24)),
    environment: options.environment ?? 'sandbox',
  };
  registerPartner(context.state, {
    id: partnerId,
    name: credentials.partnerName,
    applications: [
      {
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
        environment: credentials.environment,
        scopes: options.scopes ?? [...SCOPES],
        capabilities: options.capabilities ?? ['administrative_procedures', 'local_life'],
        locales: options.locales ?? ['fr-FR', 'en-GB'],
        limits: { ...DEFAULT_TENANT_LIMITS, ...options.limits },
        token_ttl_seconds: options.tokenTtlSeconds ?? 900,
      },
    ],
  });
  return credentials;
}
