import type { IncomingMessage, ServerResponse } from 'node:http';
import { FIELD_LIMITS } from '@partner-assistant/contract';
import type { EngineControl } from '@partner-assistant/engine/transport';
import {
  ADMIN_METHODS,
  type ApiError,
  type EngineTransport,
  type HttpOutcome,
  type HttpRequestInput,
  recordedPath,
} from '@partner-assistant/engine/transport';
import type { Logger } from 'pino';
import { createAdminApp, isAdminPath } from './admin-handler.ts';
import { applyNetworkFault } from './network-fault.ts';
import { hasNoBody, type ReadBody, readRequestBody, tooLarge } from './request-body.ts';
import { answerServiceRoute } from './service-routes.ts';
import { transportRefusal, unsupportedExpectation } from './transport-refusals.ts';
import { writeAnswer, writePreflight } from './write-answer.ts';

/** Options of {@link createHttpApp}. */
export interface HttpAppOptions {
  /** The engine that answers every request. */
  engine: EngineTransport;
  /** Structured logger; one line per request, never a secret, token or message text. */
  logger: Logger;
  /** Serve the admin API under `/__admin` with these controls; without it, those paths are 404. */
  adminControl?: EngineControl | undefined;
}

/** The HTTP side of the server: the request listener and the two `Expect` hooks of node:http. */
export interface HttpApp {
  /** node:http `request` listener. */
  handleRequest(req: IncomingMessage, res: ServerResponse): void;
  /** node:http `checkContinue`: refuses an announced body over 64 KiB before it is sent. */
  handleCheckContinue(req: IncomingMessage, res: ServerResponse): void;
  /** node:http `checkExpectation`: an `Expect` other than `100-continue`, answered 422. */
  handleCheckExpectation(req: IncomingMessage, res: ServerResponse): void;
}

type Exchange = Pick<HttpOutcome, 'response' | 'requestId' | 'clientId' | 'operation'>;

/** Where a request goes, and when it arrived. */
interface Target {
  path: string;
  search: string;
  startedAt: number;
}

function targetOf(req: IncomingMessage): Target {
  const raw = req.url ?? '/';
  const query = raw.indexOf('?');
  const startedAt = performance.now();
  return query < 0
    ? { path: raw, search: '', startedAt }
    : { path: raw.slice(0, query), search: raw.slice(query + 1), startedAt };
}

/**
 * The REST adapter, on node:http without a middleware chain: CORS and `no-store` on every answer
 * (headers computed once), the admin API when enabled, injected latency, then method, path,
 * query, `Authorization`, `Content-Type` and body text (at most 64 KiB) handed to the engine,
 * whose answer it writes, logs and journals. Routing, validation and every error envelope are the
 * engine's; this adapter only refuses what HTTP itself gets wrong (no `Host`, unknown `Expect`).
 */
export function createHttpApp(options: HttpAppOptions): HttpApp {
  const { engine, logger } = options;
  const admin = options.adminControl ? createAdminApp(options.adminControl) : undefined;

  const finish = (
    req: IncomingMessage,
    res: ServerResponse,
    target: Target,
    exchange: Exchange,
  ) => {
    // A body left partly unread (over the drain bound, or never sent after a refused
    // `Expect: 100-continue`) makes the connection unusable: close it once the answer is out. A
    // request that announces no body is not complete yet when answered in its own event, but
    // there is nothing left to read.
    if (!req.complete && !hasNoBody(req)) res.setHeader('Connection', 'close');
    writeAnswer(res, exchange.response);
    const durationMs = performance.now() - target.startedAt;
    if (logger.isLevelEnabled('info')) {
      logger.info(
        {
          request_id: exchange.requestId,
          method: req.method,
          path: recordedPath(exchange.operation, target.path),
          operation: exchange.operation ?? null,
          client_id: exchange.clientId ?? null,
          status: exchange.response.status,
          duration_ms: Math.round(durationMs * 100) / 100,
        },
        'request',
      );
    }
    engine.recordHttpExchange({
      method: req.method ?? 'GET',
      path: target.path,
      outcome: exchange,
      durationMs,
    });
  };

  const refuse = (req: IncomingMessage, res: ServerResponse, target: Target, error: ApiError) => {
    const { requestId, response } = engine.refusal(error);
    finish(req, res, target, {
      response,
      requestId,
      clientId: undefined,
      operation: undefined,
    });
  };

  /**
   * Hands the request to the engine, which applies injected latency, then writes its answer: in
   * the same turn of the event loop when no latency is injected.
   */
  const answer = (req: IncomingMessage, res: ServerResponse, target: Target, body: ReadBody) => {
    const input: HttpRequestInput = {
      method: req.method ?? 'GET',
      path: target.path,
      search: target.search,
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      ...(body.ok ? { body: body.text } : { refusal: body.error }),
    };
    const fault = engine.takeNetworkFault(input);
    if (fault) {
      logger.info({ method: req.method, fault: fault.kind }, 'network fault');
      applyNetworkFault(req.socket, fault);
      return;
    }
    engine.answerHttp(input, (outcome) => {
      if (outcome.failure)
        logger.error({ request_id: outcome.requestId, err: outcome.failure }, 'unexpected failure');
      finish(req, res, target, outcome);
    });
  };

  const handleRequest = (req: IncomingMessage, res: ServerResponse, unsent?: ReadBody) => {
    const target = targetOf(req);
    const refusal = transportRefusal(req);
    if (refusal) {
      refuse(req, res, target, refusal);
      return;
    }
    if (answerServiceRoute(req.method, target.path, res)) return;
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
      const adminMethods = admin && isAdminPath(target.path) ? ADMIN_METHODS : undefined;
      const preflight = engine.preflight(target.path, adminMethods);
      if (preflight) {
        writePreflight(res, preflight);
        return;
      }
    }
    if (admin && isAdminPath(target.path)) {
      admin(req, res);
      return;
    }
    if (unsent || hasNoBody(req)) {
      answer(req, res, target, unsent ?? { ok: true, text: undefined });
      return;
    }
    void readRequestBody(req).then((body) => answer(req, res, target, body));
  };

  return {
    handleRequest: (req, res) => handleRequest(req, res),
    handleCheckContinue: (req, res) => {
      // An announced body over the limit is refused (413) before the client sends it.
      if (Number(req.headers['content-length']) > FIELD_LIMITS.maxBodyBytes) {
        handleRequest(req, res, tooLarge());
        return;
      }
      res.writeContinue();
      handleRequest(req, res);
    },
    handleCheckExpectation: (req, res) => refuse(req, res, targetOf(req), unsupportedExpectation()),
  };
}
