import { HTTP_HEADERS } from '@partner-assistant/contract';
import type { EngineContext } from '../context/engine-context.ts';
import type { ApplicationRecord, ApplicationUsage } from '../state/engine-state.ts';
import type { EngineClock } from '../time/clock.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Where an application stands in its one-minute request window. */
export interface RateWindowState {
  /** Requests allowed per window. */
  limit: number;
  /** Requests left in this window. */
  remaining: number;
  /** Seconds until the window resets (at least 1). */
  resetSeconds: number;
  /** True when this request went over the limit. */
  exceeded: boolean;
}

/** The usage counters of `application`, rolled over to the current minute and UTC day. */
export function currentUsage(
  context: EngineContext,
  application: ApplicationRecord,
): ApplicationUsage {
  const now = context.time.ofPartner(application.partnerId).now();
  const windowStart = Math.floor(now / MINUTE_MS) * MINUTE_MS;
  const day = Math.floor(now / DAY_MS);
  let usage = context.state.usage.get(application.clientId);
  if (!usage) {
    usage = { windowStart, requests: 0, day, messages: 0 };
    context.state.usage.set(application.clientId, usage);
  }
  if (usage.windowStart !== windowStart) Object.assign(usage, { windowStart, requests: 0 });
  if (usage.day !== day) Object.assign(usage, { day, messages: 0 });
  return usage;
}

/**
 * Counts one authenticated request in the application's fixed one-minute window (aligned on the
 * minute) and says whether it is over `requests_per_minute`. A refused request still counts.
 */
export function countRequest(
  context: EngineContext,
  application: ApplicationRecord,
): RateWindowState {
  currentUsage(context, application).requests += 1;
  return requestWindow(context, application);
}

/** Where `application` stands in its window now, without counting a request. */
export function requestWindow(
  context: EngineContext,
  application: ApplicationRecord,
): RateWindowState {
  const usage = currentUsage(context, application);
  const limit = application.limits.requests_per_minute;
  const resetMs =
    usage.windowStart + MINUTE_MS - context.time.ofPartner(application.partnerId).now();
  return {
    limit,
    remaining: Math.max(0, limit - usage.requests),
    resetSeconds: Math.max(1, Math.ceil(resetMs / 1000)),
    exceeded: usage.requests > limit,
  };
}

/** The `RateLimit-*` headers of a response. */
export function rateLimitHeaders(window: RateWindowState): Record<string, string> {
  return {
    [HTTP_HEADERS.rateLimitLimit]: String(window.limit),
    [HTTP_HEADERS.rateLimitRemaining]: String(window.remaining),
    [HTTP_HEADERS.rateLimitReset]: String(window.resetSeconds),
  };
}

/** Seconds until the next UTC midnight on `clock`, when the daily quota resets (at least 1). */
export function secondsUntilNextUtcDay(clock: EngineClock): number {
  const now = clock.now();
  const next = (Math.floor(now / DAY_MS) + 1) * DAY_MS;
  return Math.max(1, Math.ceil((next - now) / 1000));
}
