/** Credentials found in an `Authorization` header. */
export type PresentedCredentials =
  | { scheme: 'basic'; clientId: string; clientSecret: string }
  | { scheme: 'bearer'; token: string }
  | { scheme: 'none' };

const decoder = new TextDecoder('utf-8', { fatal: true });

function decodeBase64(text: string): string | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return undefined;
  try {
    const binary = atob(text);
    return decoder.decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

/**
 * Reads an `Authorization` header (RFC 9110 §11.6.2): `Basic base64(id:secret)` or
 * `Bearer <token>`. Anything else, including a malformed value, counts as no credentials.
 */
export function readAuthorizationHeader(header: string | undefined): PresentedCredentials {
  const match = /^([A-Za-z]+) +(\S+) *$/.exec(header ?? '');
  if (!match) return { scheme: 'none' };
  const scheme = match[1]!.toLowerCase();
  const value = match[2]!;
  if (scheme === 'bearer') return { scheme: 'bearer', token: value };
  if (scheme !== 'basic') return { scheme: 'none' };
  const decoded = decodeBase64(value);
  const colon = decoded?.indexOf(':') ?? -1;
  if (decoded === undefined || colon < 0) return { scheme: 'none' };
  return {
    scheme: 'basic',
    clientId: decoded.slice(0, colon),
    clientSecret: decoded.slice(colon + 1),
  };
}
