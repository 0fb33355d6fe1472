import { createTokenBroker, type TokenBrokerOptions } from './token-broker.ts';

/** The part of an Express response the adapter uses (Express 4 and 5). */
export interface ExpressLikeResponse {
  /** Sets the status code. */
  status(code: number): unknown;
  /** Sets one header. */
  setHeader(name: string, value: string): unknown;
  /** Sends a JSON body. */
  json(body: unknown): unknown;
}

/** An Express-style `next` function. */
export type ExpressLikeNext = (error?: unknown) => void;

/**
 * The token broker as an Express route handler. `Request` is your (augmented) request type, so
 * `getExternalUserId` sees your session typing. Mount it behind your own authentication. Every
 * option of {@link createTokenBroker} applies, `getRefusedToken` included: read the refused
 * token your app sends (`X-Refused-Token`) so that a cached token the API refused is replaced.
 *
 * @example
 * ```ts
 * import { createExpressTokenBroker } from '@partner-assistant/backend/express';
 * app.post('/assistant/token', requireSession, createExpressTokenBroker<Request>({
 *   backend,
 *   getExternalUserId: (req) => req.session.userId,
 *   getRefusedToken: (req) => req.get('X-Refused-Token'),
 * }));
 * ```
 */
export function createExpressTokenBroker<Request>(
  options: TokenBrokerOptions<Request>,
): (req: Request, res: ExpressLikeResponse, next: ExpressLikeNext) => Promise<void> {
  const broker = createTokenBroker(options);
  return async (req, res, next) => {
    try {
      const { status, headers, body } = await broker(req);
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      res.status(status);
      res.json(body);
    } catch (error) {
      next(error);
    }
  };
}
