import { OPERATIONS, type OperationName, PATH_PREFIX } from '@partner-assistant/contract';

/** Longest path segment logged as is; longer ones might be secrets pasted in a URL. */
const MAX_LOGGED_SEGMENT = 40;

/**
 * The path to log: the route template for a known operation (so no identifier of a user is
 * logged), else the raw path with long segments redacted, so a token pasted in a URL stays out.
 */
export function loggedPath(operation: OperationName | undefined, rawPath: string): string {
  if (operation) return `${PATH_PREFIX}${OPERATIONS[operation].path}`;
  const redacted = rawPath
    .slice(0, 512)
    .split('/')
    .map((segment) => (segment.length > MAX_LOGGED_SEGMENT ? '[redacted]' : segment));
  return redacted.join('/');
}
