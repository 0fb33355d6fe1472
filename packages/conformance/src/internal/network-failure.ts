/** Names why a request never got an answer, from the cause Node's `fetch` attaches. */

/** What a network cause carries (Node's system and TLS errors). */
interface CauseLike {
  code?: unknown;
  message?: unknown;
  errors?: unknown;
  reason?: unknown;
}

/** Node's codes for a failed TLS handshake or certificate check (`EPROTO`: older OpenSSL). */
const TLS_CODE =
  /^(EPROTO$|ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH)/;

const EXPLAINED: Record<string, string> = {
  ECONNREFUSED: 'nothing listens there',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name could not be resolved now',
  ECONNRESET: 'the connection was reset',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
};

/**
 * Says why a `fetch` of `url` failed: the URL, then the cause's own words (`connect ECONNREFUSED
 * 127.0.0.1:4010`, `getaddrinfo ENOTFOUND api.example.invalid`, a TLS error), with a short
 * explanation of common codes. Falls back to the error's message when it has no cause.
 *
 * @example
 * describeNetworkFailure(error, 'http://127.0.0.1:4010/api/partners/v1/tokens');
 * // 'the request to http://127.0.0.1:4010/api/partners/v1/tokens failed: connect ECONNREFUSED 127.0.0.1:4010 (nothing listens there)'
 */
export function describeNetworkFailure(error: unknown, url: string): string {
  return `the request to ${url} failed: ${causeOf(error)}`;
}

function causeOf(error: unknown): string {
  const cause = asCause((error as { cause?: unknown } | null)?.cause);
  if (!cause) return messageOf(error) || 'no cause given';
  const code = typeof cause.code === 'string' ? cause.code : undefined;
  // Several addresses tried (IPv4 and IPv6): the aggregate has the code, its parts the words.
  const parts = Array.isArray(cause.errors) ? cause.errors.map(messageOf).filter(Boolean) : [];
  const words = messageOf(cause) || parts.join('; ') || code || messageOf(error);
  if (code && TLS_CODE.test(code)) {
    // OpenSSL's message carries its source position: its reason alone reads better.
    const reason = typeof cause.reason === 'string' ? cause.reason : words;
    return `TLS error: ${reason} (${code})`;
  }
  const explained = code ? EXPLAINED[code] : undefined;
  return explained ? `${words} (${explained})` : words;
}

function asCause(value: unknown): CauseLike | undefined {
  return typeof value === 'object' && value !== null ? (value as CauseLike) : undefined;
}

function messageOf(value: unknown): string {
  const message = (value as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : '';
}
