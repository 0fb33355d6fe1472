import { HTTP_HEADERS } from '@partner-assistant/contract';
import type { EngineResponse } from '../errors/engine-response.ts';
import { outOfBandRequestId } from '../ids/request-ids.ts';
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

/**
 * The answer to a CORS preflight for `path`, as it stands before the engine's exit: `204`, no
 * body, the preflight headers, `no-store` and a request id of its own (outside the API's sequence,
 * so deterministic mode is not shifted); `undefined` when the path is unknown.
 */
export function preflightResponse(
  path: string,
  adminMethods?: readonly string[],
): EngineResponse | undefined {
  const headers = preflightHeaders(path, adminMethods);
  if (!headers) return undefined;
  return {
    status: 204,
    headers: {
      ...headers,
      [HTTP_HEADERS.requestId]: outOfBandRequestId(),
      'Cache-Control': 'no-store',
    },
    body: undefined,
  };
}

/** Headers of every answer: CORS, JSON and `Cache-Control: no-store` (the engine's may add to them). */
export const BASE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...CORS_HEADERS,
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
});
