import type { IncomingMessage, ServerResponse } from 'node:http';
import { FIELD_LIMITS } from '@partner-assistant/contract';
import type { EngineControl } from '@partner-assistant/engine/transport';
import {
  ADMIN_PREFIX,
  ApiError,
  errorResponse,
  handleAdminRequest,
  malformedAdminBody,
  outOfBandRequestId,
} from '@partner-assistant/engine/transport';
import type { Request, Response } from 'express';
import { writeAnswer } from './write-answer.ts';

/** True when `path` is under the admin prefix. */
export function isAdminPath(path: string): boolean {
  return path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`);
}

function parseBody(raw: unknown): { ok: true; value: unknown } | { ok: false } {
  if (!(raw instanceof Uint8Array) || raw.length === 0) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw)) };
  } catch {
    return { ok: false };
  }
}

/** The answer to an admin body over 64 KiB (413), as the API's envelope. */
function oversizeAdminBody() {
  const message = `The body exceeds ${FIELD_LIMITS.maxBodyBytes} bytes`;
  return errorResponse(new ApiError('payload_too_large', message), outOfBandRequestId());
}

/** The answer (500) should express fail to load: never expected, but no request is left hanging. */
function unavailableAdminApi() {
  const message = 'The admin API could not be loaded';
  return errorResponse(new ApiError('internal_error', message), outOfBandRequestId());
}

type AdminApp = (req: IncomingMessage, res: ServerResponse) => void;

/** The express app that maps admin requests to `control`, built once express is loaded. */
function expressAdminApp(express: typeof import('express'), control: EngineControl): AdminApp {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', false);
  app.use(express.raw({ type: () => true, limit: FIELD_LIMITS.maxBodyBytes }));
  app.use((req: Request, res: Response) => {
    const body = parseBody(req.body);
    const query = req.originalUrl.indexOf('?');
    const answer = body.ok
      ? handleAdminRequest(control, {
          method: req.method,
          path: req.path.slice(ADMIN_PREFIX.length) || '/',
          search: query < 0 ? '' : req.originalUrl.slice(query + 1),
          body: body.value,
        })
      : malformedAdminBody();
    writeAnswer(res, answer);
  });
  app.use((error: { type?: unknown }, _req: Request, res: Response, _next: unknown) => {
    // The body parser has read (and discarded) the whole body before telling.
    writeAnswer(
      res,
      error?.type === 'entity.too.large' ? oversizeAdminBody() : malformedAdminBody(),
    );
  });
  return app;
}

/**
 * The admin API (only mounted with `--admin`) as a small express app: JSON in and out, mapped one
 * to one to `control`. Admin requests are neither journaled nor rate-limited; they are off the
 * API's hot path, so express's routing and body parsing cost nothing that matters here.
 *
 * express is loaded on the first admin request, not at start: loading it (with its body parser)
 * was a fifth of the server's start-up. Admin requests that arrive meanwhile wait for it, in
 * order; their bodies wait unread in their sockets.
 */
export function createAdminApp(control: EngineControl): AdminApp {
  let app: AdminApp | Promise<AdminApp> | undefined;
  const load = async () => {
    const loaded = expressAdminApp((await import('express')).default, control);
    app = loaded;
    return loaded;
  };
  return (req, res) => {
    app ??= load();
    if (typeof app === 'function') app(req, res);
    else
      void app.then(
        (loaded) => loaded(req, res),
        () => writeAnswer(res, unavailableAdminApi()),
      );
  };
}
