import { holdsIf, type Observation } from './guide-claims.ts';
import {
  advanceUntil,
  bodyOf,
  type GuideWalk,
  isUuid,
  newUser,
  sameId,
} from './protocol-walk-context.ts';
import { codeOf, walkErrors } from './protocol-walk-errors.ts';

type Body = Record<string, unknown>;

const FIVE = ['turn_id', 'conversation_id', 'status', 'created_at', 'updated_at'];
const MORE = ['client_message_id', 'user_message_id', 'assistant_message', 'error'];

/** All of `fields` in `body` (`holds`), none (`absent`), or some: a failure. */
function allOrNone(body: Body, fields: string[], valid: boolean): Observation {
  const present = fields.filter((field) => field in body);
  if (present.length === 0) return 'absent';
  if (present.length < fields.length) return { fails: `only ${present.join(', ')}` };
  return holdsIf(valid, `the fields are ${JSON.stringify(body)}`);
}

/** Section 8: a question over REST, its replays, polling, deletion; then the REST errors. */
export async function walkRest(walk: GuideWalk): Promise<void> {
  const { ledger } = walk;
  const user = await newUser(walk);
  const conversationId = String(
    bodyOf(await user.call('POST', '/conversations', {})).conversation_id,
  );
  const path = `/conversations/${conversationId}/messages`;
  const question = { client_message_id: 'rest-1', message: 'When is the library open?' };
  const sent = await user.call('POST', path, question);
  const turn = bodyOf(sent);
  const turnId = turn.turn_id;
  ledger.observe(
    'rest-send',
    holdsIf(
      sent.status === 202 && FIVE.every((field) => field in turn) && turn.status === 'queued',
      `${sent.status} ${JSON.stringify(turn)}`,
    ),
  );
  ledger.observe(
    'rest-send-turn',
    allOrNone(
      turn,
      MORE,
      turn.client_message_id === 'rest-1' &&
        isUuid(turn.user_message_id) &&
        turn.assistant_message === null &&
        turn.error === null,
    ),
  );
  const replay = await user.call('POST', path, question);
  ledger.observe(
    'rest-replay-turn',
    holdsIf(replay.status === 202 && sameId(bodyOf(replay).turn_id, turnId), `${replay.status}`),
  );
  const header = replay.headers['idempotent-replayed'];
  ledger.observe(
    'idempotent-replayed',
    sent.headers['idempotent-replayed'] !== undefined
      ? { fails: 'a first submission says it is a replay' }
      : header === undefined
        ? 'absent'
        : holdsIf(header === 'true', `Idempotent-Replayed: ${header}`),
  );
  const conflict = await user.call('POST', path, { ...question, message: 'Another question' });
  const busyTurn = await user.call('DELETE', `/turns/${String(turnId)}`);
  const busyConversation = await user.call('DELETE', `/conversations/${conversationId}`);

  const channel = await user.connect();
  channel.send({ type: 'turn.subscribe', turn_id: turnId });
  await advanceUntil(walk, async () => {
    const polled = await user.call('GET', `/turns/${String(turnId)}`);
    walk.statuses.add(String(bodyOf(polled).status));
    return (
      bodyOf(polled).status === 'completed' &&
      channel.frames.some((frame) => frame.type === 'assistant.completed')
    );
  });
  const snapshot = channel.frames.find((frame) => frame.type === 'turn.snapshot');
  const later = channel.frames
    .slice(channel.frames.indexOf(snapshot!) + 1)
    .map((frame) => frame.seq);
  const from = Number(snapshot?.seq);
  ledger.observe('rest-subscribe', holdsIf(sameId(snapshot?.turn_id, turnId), 'no snapshot'));
  ledger.observe(
    'subscribe-running',
    holdsIf(
      later.length > 0 && later.every((seq, index) => seq === from + index + 1),
      `seq ${from} then ${later.join(', ')}`,
    ),
  );
  await channel.close();

  const ended = bodyOf(await user.call('GET', `/turns/${String(turnId)}`));
  ledger.observe(
    'turn-over-rest',
    holdsIf(
      FIVE.every((field) => field in ended),
      JSON.stringify(ended),
    ),
  );
  const answer = (ended.assistant_message ?? {}) as Body;
  ledger.observe(
    'turn-result',
    holdsIf(
      answer.role === 'assistant' && ended.error === null && isUuid(ended.user_message_id),
      JSON.stringify(ended),
    ),
  );
  const known = ['queued', 'running', 'completed', 'failed'];
  ledger.observe(
    'turn-statuses',
    holdsIf(
      [...walk.statuses].every((status) => known.includes(status)) && walk.statuses.has('failed'),
      [...walk.statuses].join(', '),
    ),
  );
  const late = await user.call('POST', path, question);
  const lateBody = bodyOf(late);
  ledger.observe(
    'rest-replay-ended',
    late.status !== 200 && late.status !== 202
      ? { fails: `a late replay answered ${late.status}` }
      : 'assistant_message' in lateBody
        ? holdsIf(
            late.status === 200 &&
              (lateBody.assistant_message as Body | null)?.role === 'assistant',
            JSON.stringify(lateBody),
          )
        : 'absent',
  );
  const history = (bodyOf(await user.call('GET', path)).messages ?? []) as Body[];
  ledger.observe(
    'rest-replay',
    holdsIf(
      replay.status < 300 && late.status < 300 && history.length === 2,
      `${history.length} messages`,
    ),
  );
  const deletedTurn = await user.call('DELETE', `/turns/${String(turnId)}`);
  const deletedConversation = await user.call('DELETE', `/conversations/${conversationId}`);
  ledger.observe(
    'delete-after-end',
    holdsIf(
      [busyTurn, busyConversation].every(
        (busy) => busy.status === 409 && codeOf(busy) === 'turn_in_progress',
      ) &&
        [deletedTurn, deletedConversation].every(
          (done) => done.status < 300 && bodyOf(done).deleted === true,
        ),
      `${busyTurn.status} ${busyConversation.status} ${deletedTurn.status} ${deletedConversation.status}`,
    ),
  );
  ledger.observe(
    'rest-conflict',
    holdsIf(
      conflict.status === 409 && codeOf(conflict) === 'idempotency_conflict',
      `${conflict.status}`,
    ),
  );
  await walkErrors(walk, user, path);
}
