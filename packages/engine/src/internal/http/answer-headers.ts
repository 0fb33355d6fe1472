import { HTTP_HEADERS } from '@partner-assistant/contract';
import { matchRoute } from '../routing/route-table.ts';

/** Headers a browser app may read from an answer (beyond the CORS-safelisted ones). */
const EXPOSED_HEADERS = [
  HTTP_HEADERS.requestId,
  HTTP_HEADERS.retryAfter,
  HTTP_HEADERS.rateLimitLimit,
  HTTP_HEADERS.rateLimitRemaining,
  HTTP_HEADERS.rateLimitReset,
  HTTP_HEADERS.idempotentReplayed,
].join(', ');

/** How long a browser may cache a preflight answer, in seconds. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * CORS headers of every answer: any origin, no credentials (the API authenticates with an
 * `Authorization` header, never cookies), and the API's own headers exposed.
 */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': EXPOSED_HEADERS,
};

/**
 * Headers of a preflight (`OPTIONS`) answer for `path`, or `undefined` when the path is unknown.
 * `adminMethods` lists the admin API's methods when `path` is one of its paths.
 */
export function preflightHeaders(
  path: string,
  adminMethods?: readonly string[],
): Record<string, string> | undefined {
  let methods: readonly string[] | undefined = adminMethods;
  if (!methods) {
    const route = matchRoute('OPTIONS', path);
    if (route.kind !== 'method_not_allowed') return undefined;
    methods = route.allow;
  }
  return {
    ...CORS_HEADERS,
    'Access-Control-Allow-Methods': methods.join(', '),
    'Access-Control-Allow-Headers': 'Authorization, Content-Type',
    'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_SECONDS),
  };
}

/** Headers of every answer: CORS, JSON and `Cache-Control: no-store` (the engine's may add to them). */
export const BASE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...CORS_HEADERS,
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
});
