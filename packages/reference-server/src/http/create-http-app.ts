import { FIELD_LIMITS, type OperationName } from '@partner-assistant/contract';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import {
  ApiError,
  type EngineResponse,
  errorResponse,
  type ReferenceEngine,
} from '../engine/index.ts';
import { loggedPath } from './request-log.ts';

/** Options of {@link createHttpApp}. */
export interface HttpAppOptions {
  /** The engine that answers every request. */
  engine: ReferenceEngine;
  /** Structured logger; one line per request, never a secret, token or message text. */
  logger: Logger;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function writeResponse(res: Response, response: EngineResponse): void {
  res.status(response.status);
  for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', response.headers['Cache-Control'] ?? 'no-store');
  res.end(JSON.stringify(response.body));
}

function logWhenFinished(
  options: HttpAppOptions,
  req: Request,
  res: Response,
  details: {
    requestId: string;
    operation: OperationName | undefined;
    clientId?: string | undefined;
  },
): void {
  const started = performance.now();
  res.once('finish', () => {
    options.logger.info(
      {
        request_id: details.requestId,
        method: req.method,
        path: loggedPath(details.operation, req.path),
        operation: details.operation ?? null,
        client_id: details.clientId ?? null,
        status: res.statusCode,
        duration_ms: Math.round((performance.now() - started) * 100) / 100,
      },
      'request',
    );
  });
}

/** Refusal of a body that body-parser could not read (too large, bad encoding, aborted). */
function bodyReadError(error: unknown): ApiError {
  const type = (error as { type?: unknown } | null)?.type;
  if (type === 'entity.too.large')
    return new ApiError('payload_too_large', `The body exceeds ${FIELD_LIMITS.maxBodyBytes} bytes`);
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return new ApiError('unsupported_media_type', 'Unsupported content encoding or charset');
  }
  return new ApiError('invalid_request', 'The request body could not be read', {
    details: [{ path: 'body', message: 'Unreadable body' }],
  });
}

/**
 * The REST adapter: reads at most 64 KiB of body, hands method, path, query, `Authorization`,
 * `Content-Type` and body text to the engine, and writes its answer. Routing, validation and every
 * error envelope are the engine's.
 */
export function createHttpApp(options: HttpAppOptions): express.Express {
  const { engine } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', false);
  app.use(express.raw({ type: () => true, limit: FIELD_LIMITS.maxBodyBytes }));
  app.use((req: Request, res: Response) => {
    const rawBody: unknown = req.body;
    let body: string | undefined;
    if (rawBody instanceof Uint8Array && rawBody.length > 0) {
      try {
        body = utf8.decode(rawBody);
      } catch {
        const error = new ApiError('invalid_request', 'The body is not valid UTF-8', {
          details: [{ path: 'body', message: 'Invalid UTF-8' }],
        });
        const requestId = engine.newRequestId();
        logWhenFinished(options, req, res, { requestId, operation: undefined });
        writeResponse(res, errorResponse(error, requestId));
        return;
      }
    }
    const query = req.originalUrl.indexOf('?');
    const outcome = engine.handleHttp({
      method: req.method,
      path: req.path,
      search: query < 0 ? '' : req.originalUrl.slice(query + 1),
      authorization: req.get('authorization'),
      contentType: req.get('content-type'),
      body,
    });
    if (outcome.failure)
      options.logger.error(
        { request_id: outcome.requestId, err: outcome.failure },
        'unexpected failure',
      );
    logWhenFinished(options, req, res, outcome);
    writeResponse(res, outcome.response);
  });
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const requestId = engine.newRequestId();
    logWhenFinished(options, req, res, { requestId, operation: undefined });
    if (res.headersSent) return;
    writeResponse(res, errorResponse(bodyReadError(error), requestId));
  });
  return app;
}
