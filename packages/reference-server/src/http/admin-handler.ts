import type { Request, Response } from 'express';
import { ADMIN_PREFIX, handleAdminRequest, malformedAdminBody } from '../admin/admin-api.ts';
import type { ReferenceServerControl } from '../control/server-control.ts';

/** True when `path` is under the admin prefix. */
export function isAdminPath(path: string): boolean {
  return path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`);
}

function writeJson(
  res: Response,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.status(status);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(body));
}

function parseBody(raw: unknown): { ok: true; value: unknown } | { ok: false } {
  if (!(raw instanceof Uint8Array) || raw.length === 0) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw)) };
  } catch {
    return { ok: false };
  }
}

/**
 * Answers a request under the admin prefix (only mounted with `--admin`): JSON in and out,
 * mapped one to one to `control`. Admin requests are neither journaled nor rate-limited.
 */
export function answerAdminRequest(
  control: ReferenceServerControl,
  req: Request,
  res: Response,
): void {
  const body = parseBody(req.body);
  const query = req.originalUrl.indexOf('?');
  const search = query < 0 ? '' : req.originalUrl.slice(query + 1);
  const answer = body.ok
    ? handleAdminRequest(control, {
        method: req.method,
        path: req.path.slice(ADMIN_PREFIX.length) || '/',
        search,
        body: body.value,
      })
    : malformedAdminBody();
  writeJson(res, answer.status, answer.body, answer.headers);
}
