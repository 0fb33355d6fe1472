import { PATH_PREFIX } from '@partner-assistant/contract/constants';
import { PartnerConfigurationError } from '../errors/partner-configuration-error.ts';

/**
 * The URL every REST path is relative to: `baseUrl` without trailing slashes, plus
 * `/api/partners/v1`. Refuses what is not an absolute http(s) URL, a URL with credentials (they
 * end up in proxies' logs) and a `baseUrl` that already names the version prefix.
 *
 * @example
 * apiUrlOf('https://assistant.example.com') // 'https://assistant.example.com/api/partners/v1'
 */
export function apiUrlOf(baseUrl: unknown): string {
  let url: URL | undefined;
  try {
    url = new URL(typeof baseUrl === 'string' ? baseUrl : '');
  } catch {}
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
    throw new PartnerConfigurationError('`baseUrl` must be an absolute http(s) URL');
  }
  if (url.username || url.password) {
    throw new PartnerConfigurationError('`baseUrl` must not contain credentials');
  }
  const base = url.origin + url.pathname.replace(/\/+$/, '');
  if (base.endsWith(PATH_PREFIX)) {
    throw new PartnerConfigurationError(
      `\`baseUrl\` must not include ${PATH_PREFIX}: pass ${base.slice(0, -PATH_PREFIX.length)}`,
    );
  }
  return base + PATH_PREFIX;
}
