import { CLOSE_CODES } from '@partner-assistant/contract';
import type { TenantScope } from '../identity/tenant-scope.ts';
import { conversationsOf } from '../state/conversation-store.ts';
import { removeConversation } from './data-removal.ts';
import type { EngineServices } from './operation-types.ts';

/**
 * Drops the data of one tenant and keeps its credentials: the users of its data planes (the
 * partner's, or with a client id that application's environment of the partner), with their
 * conversations, turns (stopped), tokens (revoked) and sockets (closed with 1001), and the usage
 * counters of its applications. Nothing of any other tenant is touched.
 */
export function resetTenantData(services: EngineServices, scope: TenantScope): void {
  const { state } = services.context;
  const userIds = new Set<string>();
  for (const [key, user] of state.users) {
    if (user.partnerId !== scope.partnerId) continue;
    if (scope.environment !== undefined && user.environment !== scope.environment) continue;
    userIds.add(user.id);
    state.users.delete(key);
  }
  for (const userId of userIds) {
    for (const conversation of conversationsOf(state, userId))
      removeConversation(services, conversation);
  }
  for (const [token, record] of state.tokens) {
    if (userIds.has(record.userId)) state.tokens.delete(token);
  }
  for (const userId of userIds)
    services.sockets.closeUserSockets(userId, CLOSE_CODES.goingAway, 'tenant reset');
  for (const application of state.applications.values()) {
    if (application.partnerId !== scope.partnerId) continue;
    if (scope.clientId === undefined || scope.clientId === application.clientId)
      state.usage.delete(application.clientId);
  }
}
