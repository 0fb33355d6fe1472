import { OPERATIONS, type OperationName, PATH_PREFIX } from '@partner-assistant/contract';

/** Where a method and path lead. */
export type RouteMatch =
  | { kind: 'operation'; operation: OperationName; params: Record<string, string> }
  | { kind: 'method_not_allowed'; allow: string[] }
  | { kind: 'not_found' };

interface Route {
  operation: OperationName;
  method: string;
  /** Each segment of the path: its literal text, or the name of its parameter. */
  segments: { literal: string; param: string | undefined }[];
}

/** The routes by their number of segments, compiled once. */
const ROUTES_BY_LENGTH = new Map<number, Route[]>();
for (const operation of Object.keys(OPERATIONS) as OperationName[]) {
  const segments = `${PATH_PREFIX}${OPERATIONS[operation].path}`
    .split('/')
    .map((literal) => ({ literal, param: /^\{(\w+)\}$/.exec(literal)?.[1] }));
  const route = { operation, method: OPERATIONS[operation].method, segments };
  ROUTES_BY_LENGTH.set(segments.length, [...(ROUTES_BY_LENGTH.get(segments.length) ?? []), route]);
}

function decodeSegment(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    // Malformed percent-encoding: keep it as sent; the parameter's schema judges it.
    return segment;
  }
}

function matchSegments(route: Route, segments: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let index = 0; index < segments.length; index++) {
    const expected = route.segments[index] as Route['segments'][number];
    const actual = segments[index] as string;
    if (expected.param) params[expected.param] = decodeSegment(actual);
    else if (expected.literal !== actual) return undefined;
  }
  return params;
}

/** Whether a route of `routeMethod` answers `method`: its own, and `HEAD` on a `GET` route (RFC 9110 §9.3.2). */
function answers(routeMethod: string, method: string): boolean {
  return routeMethod === method || (routeMethod === 'GET' && method === 'HEAD');
}

/**
 * Finds the operation of `method` on `path` (no query string), or says that the path exists with
 * other methods (405, with the `Allow` list), or that it does not exist (404). `HEAD` reaches the
 * `GET` operation of its path, so `Allow` lists `HEAD` beside every `GET`; the transport sends
 * the answer's status and headers without its body.
 */
export function matchRoute(method: string, path: string): RouteMatch {
  const segments = path.split('/');
  const wanted = method.toUpperCase();
  const allow: string[] = [];
  for (const route of ROUTES_BY_LENGTH.get(segments.length) ?? []) {
    const params = matchSegments(route, segments);
    if (!params) continue;
    if (answers(route.method, wanted))
      return { kind: 'operation', operation: route.operation, params };
    allow.push(route.method, ...(route.method === 'GET' ? ['HEAD'] : []));
  }
  return allow.length > 0
    ? { kind: 'method_not_allowed', allow: [...new Set(allow)].sort() }
    : { kind: 'not_found' };
}
