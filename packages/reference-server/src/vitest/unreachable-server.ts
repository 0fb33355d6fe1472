/**
 * Names why an admin request got no answer, from the cause Node's `fetch` attaches, in the words
 * of the conformance kit's report (its `describeNetworkFailure`): the URL, then the cause.
 */

/** Node's system error codes of a server that cannot be reached, and what each means here. */
const EXPLAINED: Record<string, string> = {
  ECONNREFUSED: 'nothing listens there: is the reference server started?',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name could not be resolved now',
  ECONNRESET: 'the connection was reset',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
};

interface CauseLike {
  code?: unknown;
  message?: unknown;
  errors?: unknown;
}

const messageOf = (value: unknown): string => {
  const message = (value as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : '';
};

/**
 * A `TypeError` saying which request to `url` failed and why (`connect ECONNREFUSED
 * 127.0.0.1:4010 (nothing listens there: is the reference server started?)`) instead of fetch's
 * bare `fetch failed`, with the original error as its `cause`.
 *
 * @example
 * unreachableServer(error, 'POST', 'http://127.0.0.1:4010/__admin/tenants').message;
 * // 'POST http://127.0.0.1:4010/__admin/tenants failed: connect ECONNREFUSED 127.0.0.1:4010 (nothing listens there: …)'
 */
export function unreachableServer(error: unknown, method: string, url: string): TypeError {
  const raw = (error as { cause?: unknown } | null)?.cause;
  const cause = typeof raw === 'object' && raw !== null ? (raw as CauseLike) : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  // Several addresses tried (IPv4 and IPv6): the aggregate has the code, its parts the words.
  const parts = Array.isArray(cause?.errors) ? cause.errors.map(messageOf).filter(Boolean) : [];
  const words =
    messageOf(cause) || parts.join('; ') || code || messageOf(error) || 'no cause given';
  const explained = code ? EXPLAINED[code] : undefined;
  return new TypeError(
    `${method} ${url} failed: ${explained ? `${words} (${explained})` : words}`,
    {
      cause: error,
    },
  );
}
