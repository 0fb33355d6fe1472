import type { ApiErrorCode, ErrorDetail } from '@partner-assistant/contract';
import type { ApiError } from '@partner-assistant/engine/transport';
import { unreachableServer } from './unreachable-server.ts';

/**
 * Where the admin API is mounted: the engine's `ADMIN_PREFIX`, written here so that test files
 * calling it never load the engine (a test checks that the two agree).
 */
export const ADMIN_PATH = '/__admin';

/** One admin request: method, path under `/__admin`, query and JSON body. */
export interface AdminCall {
  method: 'GET' | 'POST' | 'DELETE';
  /** The path after `/__admin`, such as `/clock/advance`. */
  path: string;
  /** Query parameters; `undefined` values are left out. */
  query?: Record<string, string | number | undefined>;
  /** The JSON body of a `POST`. */
  body?: unknown;
}

/** The fields of the API's error envelope this reads; anything else is ignored. */
interface Envelope {
  error?: { code?: unknown; message?: unknown; details?: unknown };
}

/**
 * The refusal of an admin request as the engine's `ApiError`, as `server.control` throws it. The
 * engine is loaded on a refusal only.
 */
async function refusal(status: number, body: unknown, call: AdminCall): Promise<ApiError> {
  const [{ ApiError }, { API_ERROR_CODES }] = await Promise.all([
    import('@partner-assistant/engine/transport'),
    import('@partner-assistant/contract'),
  ]);
  const isApiErrorCode = (code: unknown): code is ApiErrorCode =>
    typeof code === 'string' && Object.hasOwn(API_ERROR_CODES, code);
  const error = (body as Envelope | null)?.error;
  if (status === 404 && call.path === '/tenants') {
    return new ApiError(
      'not_found',
      'The reference server does not serve its admin API: start it with { admin: true } (or --admin)',
    );
  }
  const code = isApiErrorCode(error?.code) ? error.code : 'internal_error';
  const message =
    typeof error?.message === 'string' ? error.message : `Admin ${call.method} answered ${status}`;
  const details = Array.isArray(error?.details) ? (error.details as ErrorDetail[]) : undefined;
  return new ApiError(code, `${call.method} ${ADMIN_PATH}${call.path}: ${message}`, {
    ...(details ? { details } : {}),
  });
}

/**
 * Sends one request to the admin API of the server at `url` and resolves with its JSON answer;
 * a refusal rejects with an `ApiError` (its `code`, `status` and `details` from the envelope), no
 * answer at all with a `TypeError` naming the URL and the cause.
 */
export async function adminCall(url: string, call: AdminCall): Promise<unknown> {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(call.query ?? {})) {
    if (value !== undefined) search.set(name, String(value));
  }
  const query = search.size === 0 ? '' : `?${search}`;
  const target = `${url}${ADMIN_PATH}${call.path}${query}`;
  const response = await fetch(target, {
    method: call.method,
    headers: { 'content-type': 'application/json' },
    ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
  }).catch((error: unknown) => {
    throw unreachableServer(error, call.method, target);
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok) throw await refusal(response.status, body, call);
  return body;
}
