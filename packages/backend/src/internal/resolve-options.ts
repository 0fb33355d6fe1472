import { PATH_PREFIX } from '@partner-assistant/contract';
import { exponentialBackoff } from '../backoff.ts';
import { PartnerConfigurationError } from '../errors/partner-configuration-error.ts';
import {
  PARTNER_BACKEND_DEFAULTS,
  type PartnerBackendOptions,
} from '../partner-backend-options.ts';
import { abortableSleep } from './abortable-sleep.ts';
import {
  browserRefusalMessage,
  detectBrowserLikeRuntime,
  type RuntimeGlobals,
} from './browser-guard.ts';
import type { RetryPolicy } from './retry-loop.ts';

/** Everything `PartnerBackend` needs, checked, with defaults applied. Holds no secret. */
export interface ResolvedSettings {
  apiUrl: string;
  fetch: typeof globalThis.fetch;
  timeoutMs: number;
  now: () => number;
  retry: RetryPolicy;
  validateInput: boolean;
}

function requireText(value: unknown, name: string): void {
  if (typeof value !== 'string' || value.length === 0) {
    throw new PartnerConfigurationError(`\`${name}\` must be a non-empty string`);
  }
}

function apiUrlOf(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new PartnerConfigurationError('`baseUrl` must be an absolute http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new PartnerConfigurationError('`baseUrl` must be an absolute http(s) URL');
  }
  if (url.username !== '' || url.password !== '') {
    // Credentials in a URL end up in proxies' and servers' logs.
    throw new PartnerConfigurationError(
      '`baseUrl` must not contain credentials; use clientId and clientSecret',
    );
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}${PATH_PREFIX}`;
}

function requireCount(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 0) {
    throw new PartnerConfigurationError(`\`${name}\` must be an integer of at least 0`);
  }
  return value;
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
  requireText(options.baseUrl, 'baseUrl');
  requireText(options.clientId, 'clientId');
  requireText(options.clientSecret, 'clientSecret');
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== 'function') {
    throw new PartnerConfigurationError('No fetch available: pass the `fetch` option');
  }
  const timeoutMs = options.timeoutMs ?? PARTNER_BACKEND_DEFAULTS.timeoutMs;
  if (!(timeoutMs > 0)) throw new PartnerConfigurationError('`timeoutMs` must be positive');
  return {
    apiUrl: apiUrlOf(options.baseUrl),
    fetch: fetchImpl,
    timeoutMs,
    now: options.now ?? Date.now,
    validateInput: options.validateInput ?? PARTNER_BACKEND_DEFAULTS.validateInput,
    retry: {
      maxRetries: requireCount(
        options.maxRetries ?? PARTNER_BACKEND_DEFAULTS.maxRetries,
        'maxRetries',
      ),
      backoff: options.backoff ?? exponentialBackoff(),
      maxRetryAfterMs: options.maxRetryAfterMs ?? PARTNER_BACKEND_DEFAULTS.maxRetryAfterMs,
      sleep: options.sleep ?? abortableSleep,
    },
  };
}
