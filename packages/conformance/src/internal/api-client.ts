import { PATH_PREFIX } from '@partner-assistant/contract';
import type { ApplicationCredentials } from '../options.ts';
import { describeNetworkFailure } from './network-failure.ts';
import type { RequestPacer } from './request-pacer.ts';
import { systemPacerClock } from './request-pacer.ts';
import { RuleFailure } from './rule-outcome.ts';

/** How a request authenticates. */
export type RequestAuth =
  | { bearer: string }
  | { basic: ApplicationCredentials }
  | { authorization: string };

/** One request of a rule. */
export interface ApiRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  /** Path under `/api/partners/v1`, such as `/conversations`, query string included. */
  path: string;
  /** What details print instead of `path` (a path holding an external user id). */
  label?: string;
  auth?: RequestAuth;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is, with `Content-Type: application/json`. */
  rawBody?: string;
  /** A `429` is retried after its `Retry-After` unless this is false. @default true */
  retryRateLimit?: boolean;
  /** Leaves the request out of the run's pacing (a rule that exceeds another application's rate). */
  unpaced?: boolean;
  /** Replaces the run's signal (the final erasure still runs after an abort). */
  signal?: AbortSignal;
}

/** The deployment's answer. */
export interface ApiReply {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or `undefined` when the body is empty or not JSON. */
  body: unknown;
  /** `METHOD /path`, for details. */
  request: string;
}

/** Retries of a `429` per request, and the longest wait accepted. */
const RATE_LIMIT_RETRIES = 2;
const MAX_RETRY_AFTER_MS = 60_000;

function authorizationOf(auth: RequestAuth): string {
  if ('bearer' in auth) return `Bearer ${auth.bearer}`;
  if ('basic' in auth) {
    const { clientId, clientSecret } = auth.basic;
    return `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
  }
  return auth.authorization;
}

/** Sends the run's REST requests: paced, each with a timeout, a rate-limited one retried briefly. */
export class ApiClient {
  /** Every error answer seen, for the envelope rules (the last 200). */
  readonly errorReplies: ApiReply[] = [];

  constructor(
    private readonly settings: {
      baseUrl: string;
      fetch: typeof fetch;
      pacer: RequestPacer;
      timeoutMs: number;
      signal: AbortSignal;
    },
  ) {}

  /** Sends `request`; a network failure or a timeout fails the rule, naming the request. */
  async send(request: ApiRequest): Promise<ApiReply> {
    const name = `${request.method} ${request.label ?? request.path}`;
    for (let attempt = 0; ; attempt++) {
      const reply = await this.#sendOnce(request, name);
      if (reply.status !== 429 || request.retryRateLimit === false) return reply;
      if (attempt >= RATE_LIMIT_RETRIES) return reply;
      const seconds = Number(reply.headers.get('retry-after'));
      const waitMs = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000;
      if (waitMs > MAX_RETRY_AFTER_MS) return reply;
      await systemPacerClock.sleep(waitMs, request.signal ?? this.settings.signal);
    }
  }

  async #sendOnce(request: ApiRequest, name: string): Promise<ApiReply> {
    const { baseUrl, pacer, timeoutMs } = this.settings;
    const signal = request.signal ?? this.settings.signal;
    if (!request.unpaced) await pacer.slot(signal);
    const headers: Record<string, string> = {};
    if (request.auth) headers.authorization = authorizationOf(request.auth);
    let body: string | undefined;
    if (request.json !== undefined || request.rawBody !== undefined) {
      body = request.rawBody ?? JSON.stringify(request.json);
      headers['content-type'] = 'application/json';
    }
    let response: Response;
    let text: string;
    const url = `${baseUrl}${PATH_PREFIX}${request.path}`;
    try {
      response = await this.settings.fetch(url, {
        method: request.method,
        headers,
        body,
        signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      });
      text = await response.text();
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if ((error as Error).name === 'TimeoutError')
        throw new RuleFailure(`${name}: no answer within ${timeoutMs} ms from ${url}`);
      throw new RuleFailure(`${name}: ${describeNetworkFailure(error, url)}`);
    }
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    const reply = {
      status: response.status,
      headers: response.headers,
      body: parsed,
      request: name,
    };
    if (reply.status >= 400) {
      this.errorReplies.push(reply);
      if (this.errorReplies.length > 200) this.errorReplies.shift();
    }
    return reply;
  }
}
