import type { OperationName } from '@partner-assistant/contract';
import {
  createConversation,
  deleteConversation,
  renameConversation,
} from './conversation-operations.ts';
import { eraseUser } from './erase-user.ts';
import { getCapabilities } from './get-capabilities.ts';
import { issueToken } from './issue-token.ts';
import { listMessages, sendMessage } from './message-operations.ts';
import type { OperationHandler } from './operation-types.ts';
import { submitFeedback } from './submit-feedback.ts';
import { deleteTurn, getTurn } from './turn-operations.ts';

/** The handler of every operation of the contract; a missing one does not compile. */
export const OPERATION_HANDLERS: { [N in OperationName]: OperationHandler<N> } = {
  issueToken,
  createConversation,
  renameConversation,
  deleteConversation,
  sendMessage,
  listMessages,
  getTurn,
  deleteTurn,
  submitFeedback,
  eraseUser,
  getCapabilities,
};
