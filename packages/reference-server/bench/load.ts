import autocannon from 'autocannon';

/** What one load run measured. */
export interface LoadResult {
  /** Mean requests per second. */
  readonly requestsPerSecond: number;
  /** 99th percentile latency, ms. */
  readonly p99Ms: number;
  /** Responses outside 2xx, and socket errors: a valid run has none. */
  readonly failures: number;
}

/** One HTTP operation under load. */
export interface LoadOperation {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers: Record<string, string>;
  /** Builds each request's body; called for every request so bodies can be unique. */
  readonly body?: () => string;
}

/** Runs autocannon against one operation for `seconds` (or `amount` requests). */
export async function runLoad(
  url: string,
  operation: LoadOperation,
  options: { seconds?: number; amount?: number; connections?: number },
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections ?? 32,
    ...(options.amount ? { amount: options.amount } : { duration: options.seconds ?? 3 }),
    requests: [
      {
        method: operation.method,
        path: operation.path,
        headers: { ...operation.headers, 'content-type': 'application/json' },
        ...(operation.body
          ? { setupRequest: (request) => ({ ...request, body: operation.body!() }) }
          : {}),
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
