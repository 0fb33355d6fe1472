import { holdsIf } from './guide-claims.ts';
import {
  advanceUntil,
  bodyOf,
  type GuideWalk,
  sameId,
  type WalkUser,
} from './protocol-walk-context.ts';
import type { RecordingChannel } from './recording-api.ts';

type Frame = Record<string, unknown>;

/**
 * The question of the transcript sent again: the same text (a snapshot of the same turn), another
 * text (refused), and over REST (the same turn); the history then holds one question.
 */
export async function checkRepeats(
  walk: GuideWalk,
  user: WalkUser,
  channel: RecordingChannel,
  question: Frame,
  turnId: unknown,
): Promise<void> {
  const { ledger } = walk;
  const before = channel.frames.length;
  channel.send(question);
  channel.send({ ...question, message: 'How do I renew my identity card?' });
  await advanceUntil(walk, () => channel.frames.length >= before + 2);
  const [replayed, conflict] = channel.frames.slice(before) as [Frame, Frame];
  ledger.observe(
    'ws-replay-snapshot',
    holdsIf(
      replayed.type === 'turn.snapshot' && sameId(replayed.turn_id, turnId),
      `a repeat was answered ${String(replayed.type)}`,
    ),
  );
  const refusal = (conflict.error ?? {}) as Frame;
  ledger.observe(
    'ws-conflict',
    holdsIf(
      conflict.type === 'frame.rejected' &&
        refusal.code === 'idempotency_conflict' &&
        conflict.client_message_id === question.client_message_id,
      `another text was answered ${JSON.stringify(conflict)}`,
    ),
  );
  const path = `/conversations/${String(question.conversation_id)}/messages`;
  const overRest = await user.call('POST', path, {
    client_message_id: question.client_message_id,
    message: question.message,
  });
  ledger.observe(
    'key-shared',
    holdsIf(sameId(bodyOf(overRest).turn_id, turnId), 'REST made another turn'),
  );
  const history = (bodyOf(await user.call('GET', path)).messages ?? []) as Frame[];
  ledger.observe(
    'ws-idempotent',
    holdsIf(history.length === 2, `${history.length} messages after the repeats`),
  );
  ledger.observe(
    'user-message',
    holdsIf(
      history.some((message) => message.role === 'user' && message.content === question.message),
      'the question is not in the history',
    ),
  );
}
