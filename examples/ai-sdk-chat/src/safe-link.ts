/**
 * The URL if it is a web address (`https:` or `http:`), else `undefined`: an answer's links come
 * from the network, and a `javascript:` or `data:` URL must never become a link.
 */
export function safeLink(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
