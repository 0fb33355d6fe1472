import { PartnerConfigurationError } from '@partner-assistant/sdk-core';
import {
  apiUrlOf,
  type ResolvedTransport,
  resolveTransport,
} from '@partner-assistant/sdk-core/internal';
import {
  PARTNER_BACKEND_DEFAULTS,
  type PartnerBackendOptions,
} from '../partner-backend-options.ts';
import {
  browserRefusalMessage,
  detectBrowserLikeRuntime,
  type RuntimeGlobals,
} from './browser-guard.ts';

/** Everything `PartnerBackend` needs, checked, with defaults applied. Holds no secret. */
export interface ResolvedSettings {
  apiUrl: string;
  transport: ResolvedTransport;
  validateInput: boolean;
}

function requireText(value: unknown, name: string): void {
  if (typeof value !== 'string' || value.length === 0) {
    throw new PartnerConfigurationError(`\`${name}\` must be a non-empty string`);
  }
}

/** Checks the options (never echoing a secret) and applies the defaults. */
export function resolveSettings(
  options: PartnerBackendOptions,
  globals: RuntimeGlobals = globalThis as RuntimeGlobals,
): ResolvedSettings {
  const runtime = detectBrowserLikeRuntime(globals);
  if (runtime !== undefined && options.dangerouslyAllowBrowser !== true) {
    throw new PartnerConfigurationError(browserRefusalMessage(runtime));
  }
  const apiUrl = apiUrlOf(options.baseUrl);
  requireText(options.clientId, 'clientId');
  requireText(options.clientSecret, 'clientSecret');
  if (options.fetch === undefined && typeof globalThis.fetch !== 'function') {
    throw new PartnerConfigurationError('No fetch available: pass the `fetch` option');
  }
  return {
    apiUrl,
    transport: resolveTransport(options),
    validateInput: options.validateInput ?? PARTNER_BACKEND_DEFAULTS.validateInput,
  };
}
