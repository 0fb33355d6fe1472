import type { RuleResult } from './report.ts';
import type { RuleSelector } from './rule-groups.ts';

/** Credentials of one application: a client id and its secret. */
export interface ApplicationCredentials {
  clientId: string;
  clientSecret: string;
}

/** Where the run is, for a progress line. */
export interface ConformanceProgress {
  /** The rule that just ended. */
  result: RuleResult;
  /** Rules ended so far, this one included. */
  done: number;
  /** Rules selected for the run. */
  total: number;
}

/** Options of {@link runConformance}. */
export interface ConformanceOptions {
  /**
   * REST base URL of the deployment; paths start with `/api/partners/v1`.
   * @example 'https://sandbox.assistant.example.com'
   */
  baseUrl: string;
  /** Client id of the application the run uses (a sandbox application is the safe choice). */
  clientId: string;
  /** Its client secret. Sent only as HTTP Basic to the token and erasure endpoints; never printed. */
  clientSecret: string;
  /**
   * WebSocket base URL; the channel is at `/api/partners/v1/chat` under it.
   * @default baseUrl with `http` turned into `ws` (`https` into `wss`)
   */
  wsUrl?: string;
  /**
   * Group ids to run (`tokens`, `messages`, `websocket`…), and `specification` to keep only the
   * rules that quote the specification, or `decisions` for only those that check a recorded
   * decision. Groups and kinds combine: `['messages', 'specification']`.
   * @default every rule
   */
  only?: readonly RuleSelector[];
  /** Aborts the run: the users it created are still erased, then the promise rejects. */
  signal?: AbortSignal;
  /**
   * Time allowed for one request, one WebSocket event and one turn to end, in milliseconds.
   * @default 10_000
   */
  timeoutMs?: number;
  /**
   * An application of another partner, for the cross-tenant rules; without it they are skipped.
   */
  otherPartner?: ApplicationCredentials;
  /**
   * An application of the same partner and environment whose tokens lack `chat:write`, for the
   * scope rules; without it they are skipped.
   */
  readOnly?: ApplicationCredentials;
  /**
   * An application with a small `requests_per_minute` (20 at most) that the run may exhaust, for
   * the rate-limit rules; without it they are skipped.
   */
  limited?: ApplicationCredentials;
  /** Called after each rule, for a progress line. */
  onProgress?: (progress: ConformanceProgress) => void;
  /**
   * The fetch to use (a proxy-aware one, for instance).
   * @default globalThis.fetch
   */
  fetch?: typeof fetch;
}

/** Defaults of {@link ConformanceOptions}. */
export const CONFORMANCE_DEFAULTS = {
  timeoutMs: 10_000,
} as const;

/** Options refused by {@link runConformance}; the message names each problem. */
export class ConformanceOptionsError extends Error {
  override readonly name = 'ConformanceOptionsError';
}
