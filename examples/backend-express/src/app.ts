import { isPartnerError, type PartnerBackend } from '@partner-assistant/backend';
import { createExpressTokenBroker } from '@partner-assistant/backend/express';
import express, { type Express, type Request } from 'express';
import { type Account, demoSessions, requireAccount } from './demo-session.ts';

/** The request header in which the app sends the token the API refused. */
export const REFUSED_TOKEN_HEADER = 'X-Refused-Token';

/** What the example app needs. */
export interface AppOptions {
  /** The SDK client, created once at start-up with the secret from the environment. */
  backend: PartnerBackend;
  /** The demo sessions (your real session store in production). */
  sessions: ReadonlyMap<string, Account>;
}

/**
 * The partner's server: its own session in front, then the two assistant routes.
 * - `POST /assistant/token`: the app fetches a short-lived user token for the signed-in user
 *   (with `X-Refused-Token` when the API refused the previous one).
 * - `DELETE /account/assistant-data`: the user erases their assistant data (GDPR).
 */
export function createApp({ backend, sessions }: AppOptions): Express {
  const app = express();
  app.use(express.json());
  app.use(demoSessions(sessions));

  // The external user id comes from the session, never from the request body.
  app.post(
    '/assistant/token',
    createExpressTokenBroker<Request>({
      backend,
      getExternalUserId: (req) => req.account?.userId,
      // The app sends the token the API refused (after an API restart or a revocation): the
      // cached token is then replaced, never handed out again. Never log it.
      getRefusedToken: (req) => req.get(REFUSED_TOKEN_HEADER),
      onError: (error) => console.warn('assistant token failed', error),
    }),
  );

  app.delete('/account/assistant-data', requireAccount, async (req, res) => {
    try {
      // `eraseUser` is idempotent: the SDK retries it on 429/503 and network failures.
      const result = await backend.eraseUser(req.account!.userId);
      res.status(200).json(result);
    } catch (error) {
      const retryable = isPartnerError(error) && error.retryable;
      console.warn('assistant erasure failed', error);
      res.status(retryable ? 503 : 502).json({
        error: { code: 'erasure_failed', message: 'Could not erase assistant data', retryable },
      });
    }
  });

  return app;
}
