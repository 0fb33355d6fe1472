import { FIELD_LIMITS, HTTP_HEADERS } from '@partner-assistant/contract';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { ADMIN_METHODS } from '../admin/admin-routes.ts';
import type { ReferenceServerControl } from '../control/server-control.ts';
import {
  type ApiError,
  type EngineResponse,
  errorResponse,
  type HttpOutcome,
  type ReferenceEngine,
  recordedPath,
} from '../engine/index.ts';
import { answerAdminRequest, isAdminPath } from './admin-handler.ts';
import { bodyReadError, decodeBody } from './body-decoding.ts';
import { CORS_HEADERS, preflightHeaders } from './cors.ts';

/** Options of {@link createHttpApp}. */
export interface HttpAppOptions {
  /** The engine that answers every request. */
  engine: ReferenceEngine;
  /** Structured logger; one line per request, never a secret, token or message text. */
  logger: Logger;
  /** Serve the admin API under `/__admin` with these controls; without it, those paths are 404. */
  adminControl?: ReferenceServerControl | undefined;
}

type Exchange = Pick<HttpOutcome, 'response' | 'requestId' | 'clientId' | 'operation'>;

function writeResponse(res: Response, response: EngineResponse): void {
  res.status(response.status);
  for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', response.headers['Cache-Control'] ?? 'no-store');
  res.end(JSON.stringify(response.body));
}

/** Writes the answer, logs it and records it in the journal once sent. */
function finish(options: HttpAppOptions, req: Request, res: Response, exchange: Exchange): void {
  const started = (res.locals.startedAt as number | undefined) ?? performance.now();
  res.once('finish', () => {
    const durationMs = performance.now() - started;
    options.logger.info(
      {
        request_id: exchange.requestId,
        method: req.method,
        path: recordedPath(exchange.operation, req.path),
        operation: exchange.operation ?? null,
        client_id: exchange.clientId ?? null,
        status: res.statusCode,
        duration_ms: Math.round(durationMs * 100) / 100,
      },
      'request',
    );
    options.engine.recordHttpExchange({
      method: req.method,
      path: req.path,
      outcome: exchange,
      durationMs,
    });
  });
  writeResponse(res, exchange.response);
}

function refusal(engine: ReferenceEngine, error: ApiError): Exchange {
  const requestId = engine.newRequestId();
  return {
    response: errorResponse(error, requestId),
    requestId,
    clientId: undefined,
    operation: undefined,
  };
}

/**
 * Answers a CORS preflight (an `OPTIONS` carrying `Access-Control-Request-Method`) with 204; a
 * plain `OPTIONS` goes on to the engine (405 with `Allow`). Preflight request ids come from
 * `crypto`, so a browser's preflights never shift the ids of deterministic mode.
 */
function answerPreflight(options: HttpAppOptions, req: Request, res: Response): boolean {
  if (req.get('access-control-request-method') === undefined) return false;
  const admin = options.adminControl && isAdminPath(req.path) ? ADMIN_METHODS : undefined;
  const headers = preflightHeaders(req.path, admin);
  if (!headers) return false;
  res.status(204);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader(HTTP_HEADERS.requestId, globalThis.crypto.randomUUID());
  res.setHeader('Cache-Control', 'no-store');
  res.end();
  return true;
}

async function answerApiRequest(options: HttpAppOptions, req: Request, res: Response) {
  const { engine } = options;
  const body = decodeBody(req.body);
  if (!body.ok) {
    finish(options, req, res, refusal(engine, body.error));
    return;
  }
  const latencyMs = engine.faults.drawLatencyMs();
  if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs).unref());
  const query = req.originalUrl.indexOf('?');
  const outcome = engine.handleHttp({
    method: req.method,
    path: req.path,
    search: query < 0 ? '' : req.originalUrl.slice(query + 1),
    authorization: req.get('authorization'),
    contentType: req.get('content-type'),
    body: body.text,
  });
  if (outcome.failure)
    options.logger.error(
      { request_id: outcome.requestId, err: outcome.failure },
      'unexpected failure',
    );
  finish(options, req, res, outcome);
}

/**
 * The REST adapter: CORS on every answer, the admin API when enabled, injected latency, then
 * method, path, query, `Authorization`, `Content-Type` and body text (at most 64 KiB) handed to
 * the engine, whose answer it writes, logs and journals. Routing, validation and every error
 * envelope are the engine's.
 */
export function createHttpApp(options: HttpAppOptions): express.Express {
  const { engine } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', false);
  app.use((req: Request, res: Response, next: NextFunction) => {
    res.locals.startedAt = performance.now();
    for (const [name, value] of Object.entries(CORS_HEADERS)) res.setHeader(name, value);
    if (req.method === 'OPTIONS' && answerPreflight(options, req, res)) return;
    next();
  });
  app.use(express.raw({ type: () => true, limit: FIELD_LIMITS.maxBodyBytes }));
  app.use(async (req: Request, res: Response) => {
    if (options.adminControl && isAdminPath(req.path)) {
      answerAdminRequest(options.adminControl, req, res);
      return;
    }
    await answerApiRequest(options, req, res);
  });
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) return;
    finish(options, req, res, refusal(engine, bodyReadError(error)));
  });
  return app;
}
