import { countCharacters, type Location } from '@partner-assistant/contract';
import { answerLocale } from '../assistant/answer-locale.ts';
import type { EngineContext } from '../context/engine-context.ts';
import { ApiError, invalidField, notFound } from '../errors/api-error.ts';
import type { UserCaller } from '../identity/caller.ts';
import { assertMessageAcceptable, recordAcceptedMessage } from '../limits/message-quotas.ts';
import * as store from '../state/conversation-store.ts';
import type { ConversationRecord, TurnRecord } from '../state/engine-state.ts';
import { internLocation } from '../state/interned-location.ts';
import { internText } from '../state/interned-text.ts';
import { submissionFingerprint } from './idempotency-fingerprint.ts';
import type { TurnLifecycle } from './turn-lifecycle.ts';
import type { TurnEventSink, TurnStreams } from './turn-streams.ts';

/** A validated user message, from REST or from a `user.message` frame. */
export interface MessageSubmission {
  /** Target conversation. */
  conversationId: string;
  /** Idempotency key. */
  clientMessageId: string;
  /** The question. */
  message: string;
  /** Geographic context. */
  location: Location | undefined;
  /** Prefix of the field path in error details: `body` over REST, `frame` over WebSocket. */
  fieldPrefix: 'body' | 'frame';
  /** Socket that sent it, which follows the turn from `turn.accepted` (or its snapshot). */
  follower?: TurnEventSink;
}

/** The turn a submission created or replayed. */
export interface SubmissionOutcome {
  /** The turn, as it is now. */
  turn: TurnRecord;
  /** True when an identical earlier submission was replayed and nothing was created. */
  replayed: boolean;
}

/** The parts of the engine a submission drives. */
export interface SubmissionServices {
  /** Shared state, clock and ids. */
  context: EngineContext;
  /** Turn event streams, for a replay's snapshot and for followers joining. */
  streams: TurnStreams;
  /** What happens to turns: accepted, each step, finished, removed. */
  lifecycle: TurnLifecycle;
}

function replay(
  services: SubmissionServices,
  turn: TurnRecord,
  submission: MessageSubmission,
): SubmissionOutcome {
  if (submission.follower) {
    services.lifecycle.follow(turn, submission.follower);
  }
  return { turn, replayed: true };
}

/** The new `queued` turn of an accepted submission, which holds its user message. */
function newTurn(
  context: EngineContext,
  caller: UserCaller,
  accepted: {
    conversation: ConversationRecord;
    submission: MessageSubmission;
  },
): TurnRecord {
  const { conversation, submission } = accepted;
  const now = context.time.ofPartner(caller.application.partnerId).now();
  return {
    id: context.random.uuid(),
    conversationId: conversation.id,
    userId: caller.token.userId,
    clientId: caller.application.clientId,
    clientMessageId: submission.clientMessageId,
    status: 'queued',
    createdAt: now,
    updatedAt: now,
    answered: false,
    message: internText(submission.message),
    location: internLocation(submission.location),
    locale: answerLocale(
      { locale: caller.token.locale, requested: caller.token.localeRequested },
      caller.application.locales,
      submission.message,
    ),
  };
}

/**
 * Accepts a user message: checks its length, the conversation, idempotency (a replay returns the
 * original turn, a different message under the same key is a conflict), then the quotas; creates
 * the user message and the `queued` turn, counts it against the daily quota, and hands it to
 * its lifecycle (which publishes `turn.accepted` and starts it). Runs synchronously, so concurrent
 * identical submissions create exactly one turn.
 *
 * @throws {ApiError} 404, 409 `idempotency_conflict`, 422, 429 or 503.
 */
export function submitMessage(
  services: SubmissionServices,
  caller: UserCaller,
  submission: MessageSubmission,
): SubmissionOutcome {
  const { context } = services;
  const { state } = context;
  const limit = caller.application.limits.message_characters;
  if (countCharacters(submission.message) > limit) {
    throw invalidField(`${submission.fieldPrefix}.message`, `Must be at most ${limit} characters`);
  }
  const userId = caller.token.userId;
  const conversation = store.findConversation(state, userId, submission.conversationId);
  if (!conversation) throw notFound('Conversation');
  const earlier = store.findTurnByKey(state, userId, submission.clientMessageId);
  if (earlier) {
    // Recomputed from the stored question rather than stored: it would repeat the message text.
    const earlierFingerprint = submissionFingerprint({
      conversationId: earlier.conversationId,
      message: earlier.message,
      location: earlier.location,
    });
    if (earlierFingerprint === submissionFingerprint(submission)) {
      return replay(services, earlier, submission);
    }
    throw new ApiError(
      'idempotency_conflict',
      'client_message_id was already used with a different message',
    );
  }
  assertMessageAcceptable(context, caller.application);
  const turn = newTurn(context, caller, { conversation, submission });
  recordAcceptedMessage(context, caller.application);
  services.lifecycle.accept(conversation, turn, submission.follower);
  return { turn, replayed: false };
}
