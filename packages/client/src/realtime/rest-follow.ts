import type { Backoff, PartnerError } from '@partner-assistant/sdk-core';
import type { MessagesResource } from '../resources/messages.ts';
import type { TurnsResource } from '../resources/turns.ts';
import type { ActiveTurn } from './active-turn.ts';

/** What following a turn over REST needs. */
export interface RestFollowSettings {
  messages: MessagesResource;
  turns: TurnsResource;
  /** Waits between REST attempts. */
  backoff: Backoff;
  /** Retryable REST failures in a row before the stream fails with the last one. */
  maxRetries: number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** How a REST follow ended: the turn ended (or was stopped), gave up, or must wait for the network. */
export type RestOutcome = [kind: 'done'] | [kind: 'failed' | 'waiting', error: Error];

/**
 * Follows a turn over REST until it ends or `signal` stops it: a never-accepted question is sent
 * with its idempotency key (if the socket had delivered it, this finds that turn), then the turn
 * is awaited. Waits between attempts; gives up after `maxRetries` retryable failures in a row. A
 * question the API has not taken yet does not give up on a retryable failure: it goes back to
 * waiting for the network (`waiting`). Reports through the turn's own methods only.
 */
export async function followOverRest(
  turn: ActiveTurn,
  settings: RestFollowSettings,
  signal: AbortSignal,
): Promise<RestOutcome> {
  const { messages, turns, backoff, sleep, maxRetries } = settings;
  for (let failures = 0; !turn.ended && !signal.aborted; ) {
    try {
      const { question } = turn;
      if (turn.turnId === undefined && question) {
        const { conversationId, ...input } = question;
        turn.sent(true); // the request may reach the API: too late to abandon it
        const sent = await messages.send(conversationId, input, { signal });
        turn.accepted(sent.turn_id, sent.user_message_id);
      }
      turn.receivedTurn(await turns.wait(turn.turnId ?? '', { signal }));
      failures = 0;
    } catch (error) {
      if (signal.aborted) break;
      // The API calls reject with a `PartnerError` (a fetch that failed is a `PartnerNetworkError`).
      const failure = error as PartnerError;
      if (failure.retryable && turn.turnId === undefined) return ['waiting', failure];
      if (!failure.retryable || ++failures > maxRetries) return ['failed', failure];
    }
    if (!turn.ended) await sleep(backoff(failures + 1), signal).catch(() => {});
  }
  return ['done'];
}
