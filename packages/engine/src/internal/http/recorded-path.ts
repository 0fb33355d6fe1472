import {
  OPERATIONS,
  type OperationName,
  PATH_PREFIX,
  WEBSOCKET_PATH,
} from '@partner-assistant/contract';

/** Literal segments of the API's routes: the only parts of an unknown path worth keeping. */
const KNOWN_SEGMENTS = new Set(
  [
    ...Object.values(OPERATIONS).map((operation) => `${PATH_PREFIX}${operation.path}`),
    WEBSOCKET_PATH,
  ].flatMap((path) => path.split('/').filter((segment) => !segment.startsWith('{'))),
);

/** The route template of each operation, built once. */
const TEMPLATES = Object.fromEntries(
  Object.entries(OPERATIONS).map(([name, operation]) => [name, `${PATH_PREFIX}${operation.path}`]),
) as Record<OperationName, string>;

/**
 * The path that logs and the request journal show: the route template of a known operation, else
 * the raw path with every segment that is not a literal of the API's routes replaced by
 * `{redacted}`, so an identifier, token or user id typed into a URL is never recorded.
 */
export function recordedPath(operation: OperationName | undefined, rawPath: string): string {
  if (operation) return TEMPLATES[operation];
  return rawPath
    .slice(0, 512)
    .split('/')
    .map((segment) => (segment === '' || KNOWN_SEGMENTS.has(segment) ? segment : '{redacted}'))
    .join('/');
}
