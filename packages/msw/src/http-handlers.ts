import { OPERATIONS, PATH_PREFIX } from '@partner-assistant/contract';
import {
  BASE_HEADERS,
  type EngineResponse,
  type EngineTransport,
  type HttpRequestInput,
  type NetworkFaultAction,
} from '@partner-assistant/engine/transport';
import { type HttpHandler, HttpResponse, http } from 'msw';

/** The engine's answer as a `Response`; to `HEAD`, its status and headers without the body. */
function toResponse(response: EngineResponse, method: string): Response {
  return new HttpResponse(method === 'HEAD' ? null : JSON.stringify(response.body), {
    status: response.status,
    headers: { ...BASE_HEADERS, ...response.headers },
  });
}

/**
 * A network fault as msw can show it: a reset is `HttpResponse.error()` (the app's `fetch`
 * rejects with a `TypeError`, as on a reset connection); a hang never answers until the request
 * is aborted or the fault is cleared, then fails as a network error too.
 */
function networkFailure(fault: NetworkFaultAction, signal: AbortSignal): Promise<Response> {
  if (fault.kind === 'connection-reset') return Promise.resolve(HttpResponse.error());
  return new Promise((resolve) => {
    const fail = () => resolve(HttpResponse.error());
    signal.addEventListener('abort', fail, { once: true });
    void fault.released.then(fail);
  });
}

/**
 * The engine's answer to a CORS preflight, through its exit as every other answer (so the profile
 * shapes it), as the reference server gives it; undefined for another request.
 */
function preflight(engine: EngineTransport, request: Request, path: string): Response | undefined {
  if (request.method !== 'OPTIONS' || !request.headers.has('access-control-request-method'))
    return undefined;
  const response = engine.preflight(path);
  return response && new HttpResponse(null, { status: response.status, headers: response.headers });
}

/** Hands one intercepted request to the engine, journals it and answers what the engine says. */
async function answer(engine: EngineTransport, request: Request): Promise<Response> {
  const startedAt = performance.now();
  const url = new URL(request.url);
  const early = preflight(engine, request, url.pathname);
  if (early) return early;
  const text = await request.text();
  const input: HttpRequestInput = {
    method: request.method,
    path: url.pathname,
    search: url.search.slice(1),
    authorization: request.headers.get('authorization') ?? undefined,
    contentType: request.headers.get('content-type') ?? undefined,
    body: text.length === 0 ? undefined : text,
  };
  const fault = engine.takeNetworkFault(input);
  if (fault) return networkFailure(fault, request.signal);
  const outcome = await engine.handleHttpAsync(input);
  const durationMs = performance.now() - startedAt;
  engine.recordHttpExchange({ method: request.method, path: url.pathname, outcome, durationMs });
  return toResponse(outcome.response, request.method);
}

/** `/conversations/{conversation_id}` → `/conversations/:conversation_id`. */
const mswPath = (template: string) => template.replace(/\{(\w+)\}/g, ':$1');

/**
 * One msw `http` handler per REST operation of the contract, then one for the rest of the API's
 * paths (unknown routes, other methods, the channel's path, preflights): every one is answered by
 * the engine, so routing, validation and errors are the reference server's.
 */
export function createHttpHandlers(engine: EngineTransport, origin: string): HttpHandler[] {
  const resolver = ({ request }: { request: Request }) => answer(engine, request);
  const operations = Object.values(OPERATIONS).map((operation) => {
    const method = operation.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete';
    return http[method](`${origin}${PATH_PREFIX}${mswPath(operation.path)}`, resolver);
  });
  const rest = origin === '*' ? `*${PATH_PREFIX}/*` : `${origin}/*`;
  return [...operations, http.all(rest, resolver)];
}
