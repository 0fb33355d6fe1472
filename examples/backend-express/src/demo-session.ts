import type { NextFunction, Request, Response } from 'express';

/** The signed-in account, as your own authentication would attach it to the request. */
export interface Account {
  /** Your stable id of the user: what the assistant receives as the external user id. */
  userId: string;
}

declare global {
  namespace Express {
    interface Request {
      /** Set by the session middleware when someone is signed in. */
      account?: Account;
    }
  }
}

/** Header carrying the demo session id; stands in for your real session cookie. */
export const DEMO_SESSION_HEADER = 'x-demo-session';

/**
 * A stand-in for the partner's own authentication: session ids map to accounts in memory.
 * Replace it with your real session (express-session, Passport, your JWT check…).
 */
export function demoSessions(sessions: ReadonlyMap<string, Account>) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const sessionId = req.get(DEMO_SESSION_HEADER);
    const account = sessionId === undefined ? undefined : sessions.get(sessionId);
    if (account) req.account = account;
    next();
  };
}

/** Refuses the route when nobody is signed in. */
export function requireAccount(req: Request, res: Response, next: NextFunction) {
  if (!req.account) {
    res
      .status(401)
      .json({ error: { code: 'unauthorized', message: 'Sign in first', retryable: false } });
    return;
  }
  next();
}
