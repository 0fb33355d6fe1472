/**
 * `Authorization` value for HTTP Basic (RFC 7617) with UTF-8 credentials, using only web globals
 * (`TextEncoder`, `btoa`) so it runs on Node 20, Bun and Deno.
 */
export function basicAuthorization(userName: string, password: string): string {
  const bytes = new TextEncoder().encode(`${userName}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}
