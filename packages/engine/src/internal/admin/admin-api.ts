import { z } from 'zod';
import type { EngineControl } from '../control/server-control.ts';
import { adminRoute } from './admin-routes.ts';

/** Reserved prefix of the admin API, outside `/api/partners/v1`; served only with `--admin`. */
export const ADMIN_PREFIX = '/__admin';

/** An admin request, transport-free. */
export interface AdminRequest {
  /** HTTP method. */
  method: string;
  /** Path after {@link ADMIN_PREFIX} (such as `/clock/advance`). */
  path: string;
  /** Query string without `?`. */
  search: string;
  /** Parsed JSON body (`undefined` when there is none). */
  body: unknown;
}

/** An admin answer: a status and a JSON body (an error uses the API's envelope). */
export interface AdminResponse {
  /** HTTP status. */
  status: number;
  /** JSON body. */
  body: unknown;
  /** Extra headers (`Allow` on a 405). */
  headers?: Record<string, string>;
}

function envelope(
  status: number,
  code: string,
  message: string,
  extra: {
    details?: Array<{ path: string; message: string }>;
    headers?: Record<string, string>;
  } = {},
): AdminResponse {
  return {
    status,
    body: {
      error: {
        code,
        message,
        retryable: false,
        request_id: globalThis.crypto.randomUUID(),
        ...(extra.details ? { details: extra.details } : {}),
      },
    },
    ...(extra.headers ? { headers: extra.headers } : {}),
  };
}

/** The answer to an admin body that is not JSON (422). */
export function malformedAdminBody(): AdminResponse {
  return envelope(422, 'invalid_request', 'The admin body must be JSON', {
    details: [{ path: 'body', message: 'Malformed JSON' }],
  });
}

/**
 * Answers one admin request by calling the matching `control` function: JSON in, JSON out, the
 * error envelope on failure (404 unknown path, 405 other method, 422 invalid input or a clock
 * that cannot move).
 */
export function handleAdminRequest(control: EngineControl, request: AdminRequest): AdminResponse {
  const route = adminRoute(request.method, request.path);
  if (route.kind === 'not_found') return envelope(404, 'not_found', 'No such admin route');
  if (route.kind === 'method_not_allowed') {
    const allow = route.allow.join(', ');
    return envelope(405, 'method_not_allowed', `Method not allowed; use ${allow}`, {
      headers: { Allow: allow },
    });
  }
  try {
    return route.run(control, request);
  } catch (error) {
    if (error instanceof z.ZodError) {
      const details = error.issues.map((issue) => ({
        path: ['body', ...issue.path.map(String)].join('.'),
        message: issue.message,
      }));
      return envelope(422, 'invalid_request', 'Invalid admin request', { details });
    }
    if (error instanceof Error && !(error instanceof TypeError))
      return envelope(422, 'invalid_request', error.message);
    throw error;
  }
}
