import { z } from 'zod';
import { controlInput } from '../control/control-input.ts';
import type { EngineControl } from '../control/engine-control.ts';
import { ADMIN_PREFIX, type AdminRequest } from './admin-request.ts';

/** What a route answers when it succeeds. */
interface AdminResult {
  status: number;
  body: unknown;
}

type AdminHandler = (control: EngineControl, request: AdminRequest) => AdminResult;

const ok = (body: unknown = { ok: true }): AdminResult => ({ status: 200, body });

/** A route that runs `action` and answers `{ "ok": true }`. */
const done =
  (action: AdminHandler extends (...args: infer A) => unknown ? (...args: A) => void : never) =>
  (control: EngineControl, request: AdminRequest): AdminResult => {
    action(control, request);
    return ok();
  };

/** The body as an object (`{}` when absent); `control` validates its fields. */
function bodyOf<T>(value: unknown): T {
  return controlInput(z.record(z.string(), z.unknown()), value ?? {}) as T;
}

type Control = EngineControl;

/** The one field of a body such as `{ "ms": 1000 }`: its value, which the control validates. */
function field(body: unknown, name: string): unknown {
  return controlInput(z.strictObject({ [name]: z.unknown() }), body)[name];
}

/**
 * The `{ tenant }` a scoped admin request names: `?tenant=` (any method), or `tenant` in the
 * JSON body of a `POST`. Absent, the control applies to every tenant.
 */
function tenantOption(request: AdminRequest): { tenant?: string } {
  const fromQuery = new URLSearchParams(request.search).get('tenant') ?? undefined;
  const fromBody = controlInput(
    z.looseObject({ tenant: z.string().optional() }).optional(),
    request.body ?? undefined,
  )?.tenant;
  const tenant = fromBody ?? fromQuery;
  return tenant === undefined ? {} : { tenant };
}

/** The body without its `tenant` (read by {@link tenantOption}). */
function withoutTenant(body: unknown): Record<string, unknown> {
  const { tenant: _tenant, ...rest } = bodyOf<Record<string, unknown>>(body);
  return rest;
}

/** A clock body: `{ "<name>": …, "tenant"?: "…" }` (the control validates the values). */
function clockBody(body: unknown, name: string): Record<string, unknown> {
  return controlInput(
    z.strictObject({ [name]: z.unknown(), tenant: z.unknown().optional() }),
    body,
  );
}

function journalFilter(search: string): Record<string, unknown> {
  const query = Object.fromEntries(new URLSearchParams(search));
  return {
    ...query,
    ...(query.limit === undefined ? {} : { limit: Number(query.limit) }),
  };
}

/** Every admin route: `METHOD /path` → the `control` call it maps to, one to one. */
const ADMIN_ROUTES: Record<string, Record<string, AdminHandler>> = {
  '/': { GET: () => ok({ routes: adminRouteIndex() }) },
  '/clock': {
    GET: (control, request) => {
      const now = control.clock.now(tenantOption(request));
      return ok({ now: now.toISOString(), mode: control.clock.mode });
    },
  },
  '/clock/advance': {
    POST: (control, request) => {
      const { ms } = clockBody(request.body, 'ms');
      control.clock.advance(ms as number, tenantOption(request));
      return ok({ now: control.clock.now(tenantOption(request)).toISOString() });
    },
  },
  '/clock/set': {
    POST: (control, request) => {
      const { instant } = clockBody(request.body, 'instant');
      control.clock.set(instant as string, tenantOption(request));
      return ok({ now: control.clock.now(tenantOption(request)).toISOString() });
    },
  },
  '/faults': {
    GET: (control, request) => ok({ faults: control.faults.list(tenantOption(request)) }),
    DELETE: done((control, request) => control.faults.clear(tenantOption(request))),
  },
  '/faults/connection-reset': {
    POST: done((control, { body }) => control.faults.connectionReset(bodyOf(body))),
  },
  '/faults/hang': {
    POST: done((control, { body }) => control.faults.hang(bodyOf(body))),
  },
  '/faults/errors': {
    POST: done((control, { body }) =>
      control.faults.injectErrors(bodyOf<Parameters<Control['faults']['injectErrors']>[0]>(body)),
    ),
  },
  '/faults/latency': {
    POST: done((control, request) => {
      const latency = request.body === undefined || request.body === null ? null : request.body;
      control.faults.setLatency(
        latency === null ? null : (withoutTenant(latency) as never),
        tenantOption(request),
      );
    }),
    DELETE: done((control, request) => control.faults.setLatency(null, tenantOption(request))),
  },
  '/faults/drop-sockets': {
    POST: (control, request) => ok({ dropped: control.faults.dropSockets(tenantOption(request)) }),
  },
  '/faults/drop-after-delta': {
    POST: done((control, { body }) =>
      control.faults.dropAfterDelta(
        bodyOf<Parameters<Control['faults']['dropAfterDelta']>[0]>(body),
      ),
    ),
  },
  '/faults/fail-next-turns': {
    POST: (control, { body }) => {
      // Both optional, as documented: `count` defaults to 1 in the control, which validates it.
      const { count, tenant } = controlInput(
        z.strictObject({ count: z.unknown().optional(), tenant: z.string().optional() }),
        body ?? {},
      );
      control.faults.failNextTurns(
        count as number | undefined,
        tenant === undefined ? {} : { tenant },
      );
      return ok();
    },
  },
  '/tokens/expire': {
    POST: (control, { body }) => {
      control.tokens.expire(field(body, 'accessToken') as string);
      return ok();
    },
  },
  '/tokens/revoke': {
    POST: (control, { body }) => {
      control.tokens.revoke(field(body, 'accessToken') as string);
      return ok();
    },
  },
  '/tenants': {
    POST: (control, { body }) => ({
      status: 201,
      body: control.tenants.create(bodyOf(body)),
    }),
  },
  '/journal': {
    GET: (control, { search }) => ok({ entries: control.journal.entries(journalFilter(search)) }),
    DELETE: done((control, request) => control.journal.clear(tenantOption(request))),
  },
  '/self-check': {
    GET: (control) =>
      ok({ enabled: control.selfCheck.enabled, violations: control.selfCheck.violations() }),
  },
  '/reset': { POST: done((control, request) => control.reset(tenantOption(request))) },
};

/** Every admin route as `{ method, path }`, the full path (`/__admin/clock/advance`). */
function adminRouteIndex(): { method: string; path: string }[] {
  return Object.entries(ADMIN_ROUTES).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({
      method,
      path: path === '/' ? ADMIN_PREFIX : `${ADMIN_PREFIX}${path}`,
    })),
  );
}

/** Where an admin method and path lead. */
export type AdminRouteMatch =
  | { kind: 'route'; run: AdminHandler }
  | { kind: 'method_not_allowed'; allow: string[] }
  | { kind: 'not_found' };

/** Finds the admin route of `method` on `path` (the part after the admin prefix). */
export function adminRoute(method: string, path: string): AdminRouteMatch {
  const methods = Object.hasOwn(ADMIN_ROUTES, path) ? ADMIN_ROUTES[path] : undefined;
  if (!methods) return { kind: 'not_found' };
  const run = methods[method.toUpperCase()];
  return run ? { kind: 'route', run } : { kind: 'method_not_allowed', allow: Object.keys(methods) };
}

/** Methods every admin path accepts (for a CORS preflight). */
export const ADMIN_METHODS = ['GET', 'POST', 'DELETE'] as const;
