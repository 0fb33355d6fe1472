import type { Feedback, SubmitFeedbackResponse } from '@partner-assistant/contract';
import { timestampNow } from '../context/engine-context.ts';
import { invalidField, notFound } from '../errors/api-error.ts';
import { findMessage, setFeedback } from '../state/conversation-store.ts';
import type { OperationHandler } from './operation-types.ts';

/**
 * `POST /messages/{message_id}/feedback`: rates an assistant message of the caller. A new rating
 * replaces the previous one entirely (omitted `reason`/`comment` become null).
 */
export const submitFeedback: OperationHandler<'submitFeedback'> = (
  { context },
  caller,
  { params, body },
) => {
  const message = findMessage(context.state, params.message_id);
  if (!message || message.turn.userId !== caller.token.userId) throw notFound('Message');
  if (message.role !== 'assistant') {
    throw invalidField('path.message_id', 'Feedback applies to assistant messages only');
  }
  const feedback: Feedback = {
    rating: body.rating,
    reason: body.reason ?? null,
    comment: body.comment ?? null,
    message_id: params.message_id,
    updated_at: timestampNow(context, caller.application.clientId),
  };
  setFeedback(context.state, params.message_id, feedback);
  const response: SubmitFeedbackResponse = { success: true, feedback: { ...feedback } };
  return { status: 200, body: response };
};
