import { type HttpMethod, pathSegment } from '@partner-assistant/sdk-core/internal';

/**
 * Method and path template of each operation the client calls, spelled as in the contract's
 * `OPERATIONS` (a test holds them equal), without importing its zod schemas.
 */
export const ROUTES = {
  getCapabilities: ['GET', '/capabilities'],
  createConversation: ['POST', '/conversations'],
  renameConversation: ['PATCH', '/conversations/{conversation_id}'],
  deleteConversation: ['DELETE', '/conversations/{conversation_id}'],
  sendMessage: ['POST', '/conversations/{conversation_id}/messages'],
  listMessages: ['GET', '/conversations/{conversation_id}/messages'],
  getTurn: ['GET', '/turns/{turn_id}'],
  deleteTurn: ['DELETE', '/turns/{turn_id}'],
  submitFeedback: ['POST', '/messages/{message_id}/feedback'],
} as const satisfies Record<string, readonly [HttpMethod, string]>;

/** An operation the client calls. */
export type RouteName = keyof typeof ROUTES;

/**
 * The path of `route` with its one `{parameter}` replaced by `id`, percent-encoded; an id that
 * would change the path (empty, `.`, `..`) is refused even with input checks off.
 */
export function pathOf(route: RouteName, id?: string): string {
  const template = ROUTES[route][1];
  if (id === undefined) return template;
  // Named as the SDK argument is (`turn_id` → `turnId`), like every input check.
  const argument = (name: string) =>
    name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
  return template.replace(/\{([a-z_]+)\}/, (_, name: string) => pathSegment(id, argument(name)));
}
