import type { EngineContext } from '../context/engine-context.ts';
import { ApiError } from '../errors/api-error.ts';
import type { ApplicationRecord, TurnRecord } from '../state/engine-state.ts';
import { currentUsage, secondsUntilNextUtcDay } from './request-rate.ts';

/** Seconds until the first of `turns` ends, so `Retry-After` is honest (at least 1). */
function secondsUntilFirstEnds(
  context: EngineContext,
  application: ApplicationRecord,
  turns: ReadonlySet<TurnRecord>,
): number {
  // Turns are kept in acceptance order: the first is the first to end.
  const firstStart = turns.values().next().value?.createdAt ?? Number.POSITIVE_INFINITY;
  const firstEnd = firstStart + context.settings.processingMs;
  return Math.max(
    1,
    Math.ceil((firstEnd - context.time.ofPartner(application.partnerId).now()) / 1000),
  );
}

/**
 * Checks that one more message may be accepted: the application's `concurrent_turns` (queued +
 * running) and `daily_messages` (UTC day), then the server-wide queue capacity.
 *
 * @throws {ApiError} `429 rate_limit_exceeded` or `503 queue_unavailable`, with `Retry-After`.
 */
export function assertMessageAcceptable(
  context: EngineContext,
  application: ApplicationRecord,
): void {
  const running = context.state.turnsInProgress;
  const ofApplication =
    context.state.turnsInProgressByClient.get(application.clientId) ?? new Set<TurnRecord>();
  if (ofApplication.size >= application.limits.concurrent_turns) {
    throw new ApiError('rate_limit_exceeded', 'Too many turns in progress for this application', {
      retryAfterSeconds: secondsUntilFirstEnds(context, application, ofApplication),
    });
  }
  if (currentUsage(context, application).messages >= application.limits.daily_messages) {
    throw new ApiError(
      'rate_limit_exceeded',
      'Daily message quota exhausted for this application',
      {
        retryAfterSeconds: secondsUntilNextUtcDay(context.time.ofPartner(application.partnerId)),
      },
    );
  }
  if (running.size >= context.settings.queueCapacity) {
    throw new ApiError('queue_unavailable', 'The queue cannot take the message right now', {
      retryAfterSeconds: secondsUntilFirstEnds(context, application, running),
    });
  }
}

/** Counts an accepted message against the application's daily quota. */
export function recordAcceptedMessage(
  context: EngineContext,
  application: ApplicationRecord,
): void {
  currentUsage(context, application).messages += 1;
}
