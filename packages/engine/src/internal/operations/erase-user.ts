import { CLOSE_CODES, type EraseUserResponse } from '@partner-assistant/contract';
import { revokeUserTokens } from '../identity/token-registry.ts';
import { conversationsOf } from '../state/conversation-store.ts';
import { userKey } from '../state/engine-state.ts';
import { removeConversation } from './data-removal.ts';
import type { OperationHandler } from './operation-types.ts';

/**
 * Clears the realm's legacy RegExp statics (`RegExp.input`, `RegExp.lastMatch`): they keep the
 * last string a regular expression ran on, here the external user id just validated.
 */
function forgetLastMatch(): void {
  /(?:)/.exec('');
}

/**
 * `DELETE /users/{external_user_id}`: erases the user of the application's environment (the same
 * external id in the other environment is another user, left alone): their conversations (stopping turns in
 * progress), revokes their tokens and closes their sockets. 200 also when the user is unknown, so
 * the answer reveals nothing and a retry is safe.
 */
export const eraseUser: OperationHandler<'eraseUser'> = (services, caller, { params }) => {
  const { state } = services.context;
  const key = userKey(caller.application, params.external_user_id);
  const user = state.users.get(key);
  if (user) {
    for (const conversation of conversationsOf(state, user.id))
      removeConversation(services, conversation);
    revokeUserTokens(services.context, user.id);
    services.sockets.closeUserSockets(user.id, CLOSE_CODES.unauthorized, 'token revoked');
    state.users.delete(key);
    forgetLastMatch();
  }
  const erased: EraseUserResponse = { deleted: true };
  return { status: 200, body: erased };
};
