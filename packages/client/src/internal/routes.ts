import { type HttpMethod, pathSegment } from '@partner-assistant/sdk-core/internal';

/**
 * Method and path template of each operation the client calls, as in the contract's `OPERATIONS`
 * (a test holds them equal) with the path parameter named as the SDK argument that fills it
 * (`{turnId}` for the contract's `{turn_id}`, as every input check names it), without importing
 * the contract's zod schemas.
 */
export const ROUTES = {
  getCapabilities: ['GET', '/capabilities'],
  createConversation: ['POST', '/conversations'],
  renameConversation: ['PATCH', '/conversations/{conversationId}'],
  deleteConversation: ['DELETE', '/conversations/{conversationId}'],
  sendMessage: ['POST', '/conversations/{conversationId}/messages'],
  listMessages: ['GET', '/conversations/{conversationId}/messages'],
  getTurn: ['GET', '/turns/{turnId}'],
  deleteTurn: ['DELETE', '/turns/{turnId}'],
  submitFeedback: ['POST', '/messages/{messageId}/feedback'],
} as const satisfies Record<string, readonly [HttpMethod, string]>;

/** An operation the client calls. */
export type RouteName = keyof typeof ROUTES;

/**
 * The path of `route` with its `{parameter}`, if it has one, replaced by `id`, percent-encoded;
 * an id that would change the path (empty, `.`, `..`) is refused even with input checks off.
 */
export function pathOf(route: RouteName, id = ''): string {
  return ROUTES[route][1].replace(/\{(\w+)\}/, (_, name: string) => pathSegment(id, name));
}
