import { SPECIFIED_EVENT_FIELDS } from '@partner-assistant/contract';
import { expect } from 'vitest';
import { pickFields } from '../../packages/engine/src/internal/profile/outbound-filter.ts';
import { holdsIf, presence } from './guide-claims.ts';
import { differences, fillIn, readTranscript } from './guide-transcript.ts';
import {
  bodyOf,
  type GuideWalk,
  isTimestamp,
  isUuid,
  newUser,
  sameId,
} from './protocol-walk-context.ts';
import { checkRepeats } from './protocol-walk-repeats.ts';
import type { RecordingChannel } from './recording-api.ts';

type Frame = Record<string, unknown>;

/** Deltas and labels may come in any number between the frames the guide shows. */
const REPEATED = new Set(['assistant.delta', 'assistant.status']);

/** The next frame of `channel` after `cursor` of the expected type, moving the manual clock. */
async function nextOfType(
  walk: GuideWalk,
  channel: RecordingChannel,
  cursor: number,
  type: string,
) {
  for (let attempt = 0; attempt < 400; attempt++) {
    for (let index = cursor; index < channel.frames.length; index++) {
      const frame = channel.frames[index]!;
      if (frame.type === type) return { frame, cursor: index + 1 };
      if (!REPEATED.has(String(frame.type))) {
        throw new Error(`${String(frame.type)} arrived where the guide shows ${type}`);
      }
    }
    walk.server.control.clock.advance(100);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`No ${type} arrived`);
}

/**
 * Replays the guide's transcript over a plain WebSocket (each client block sent as written, each
 * server block matched against the next frame of its type), then checks the claims around it.
 */
export async function walkTranscript(guide: URL, walk: GuideWalk): Promise<void> {
  const { ledger } = walk;
  const user = await newUser(walk);
  const conversation = await user.call('POST', '/conversations', {});
  const created = bodyOf(conversation);
  ledger.observe(
    'conversation-created',
    holdsIf(
      isUuid(created.conversation_id) && 'title' in created && isTimestamp(created.created_at),
      `POST /conversations answered ${JSON.stringify(created)}`,
    ),
  );
  const bindings = new Map<string, unknown>([['CONVERSATION_ID', created.conversation_id]]);
  const steps = readTranscript(guide);
  expect(steps.filter((step) => step.from === 'server').length).toBeGreaterThanOrEqual(8);

  const first = await user.connect();
  let channel = first;
  let cursor = 0;
  let question: Frame | undefined;
  for (const step of steps) {
    if (step.from === 'client') {
      if (step.newConnection) {
        channel = await user.connect();
        cursor = 0;
      }
      const frame = fillIn(step.frame, bindings) as Frame;
      if (frame.type === 'user.message') question = frame;
      channel.send(frame);
      continue;
    }
    const { type } = step.frame as { type: keyof typeof SPECIFIED_EVENT_FIELDS };
    // A deployment that keeps the specification owes only what the contract's promise table
    // shows of each event: under the minimal profile the guide's frame is held to that part.
    const expected =
      walk.profile === 'minimal'
        ? pickFields(step.frame, SPECIFIED_EVENT_FIELDS[type])
        : step.frame;
    const found = await nextOfType(walk, channel, cursor, type);
    cursor = found.cursor;
    expect(differences(expected, found.frame, bindings, type)).toEqual([]);
  }
  const turnId = bindings.get('TURN_ID');
  const ofTurn = first.frames.filter((frame) => sameId(frame.turn_id, turnId));
  checkTurnFrames(walk, first, ofTurn, turnId);
  checkResume(walk, channel, turnId);
  await checkRepeats(walk, user, channel, question!, turnId);
  ledger.observe('close-1000', holdsIf((await channel.close()) === 1000, 'no 1000 answered'));
  await first.close();
}

function checkTurnFrames(
  walk: GuideWalk,
  first: RecordingChannel,
  frames: Frame[],
  turnId: unknown,
) {
  const { ledger } = walk;
  const types = frames.map((frame) => String(frame.type));
  const deltas = frames.filter((frame) => frame.type === 'assistant.delta');
  const labels = frames.filter((frame) => frame.type === 'assistant.status');
  const completed = frames.find((frame) => frame.type === 'assistant.completed');
  const message = (completed?.message ?? {}) as Frame;
  ledger.observe('ws-path', holdsIf(types.length > 0, 'the channel served nothing'));
  ledger.observe('ws-offer', holdsIf(types.length > 0, 'the offer was not taken'));
  ledger.observe(
    'ws-selected',
    presence([first.protocol || undefined], (value) => value === 'service.partner.v1', 'protocol'),
  );
  ledger.observe(
    'frames-json',
    holdsIf(
      first.frames.every((frame) => typeof frame.type === 'string'),
      'a frame without type',
    ),
  );
  ledger.observe('accepted', holdsIf(types[0] === 'turn.accepted', `first came ${types[0]}`));
  ledger.observe('running', holdsIf(types[1] === 'turn.running', `second came ${types[1]}`));
  ledger.observe(
    'status-label',
    holdsIf(
      labels.every((frame) => typeof frame.label === 'string'),
      'a status without label',
    ),
  );
  ledger.observe(
    'delta-text',
    holdsIf(
      deltas.length > 0 && deltas.every((frame) => typeof frame.text === 'string'),
      'no delta with text',
    ),
  );
  const middle = types.slice(2, -1);
  ledger.observe(
    'event-order',
    holdsIf(
      middle.every((type) => REPEATED.has(type)) && middle.includes('assistant.delta'),
      `events ${types.join(', ')}`,
    ),
  );
  const fields = ['message_id', 'role', 'content', 'status', 'created_at', 'cards'];
  ledger.observe(
    'turn-end',
    holdsIf(
      fields.every((field) => field in message) && message.role === 'assistant',
      `assistant.completed carried ${JSON.stringify(message)}`,
    ),
  );
  const ends = types.filter((type) => type === 'assistant.completed' || type === 'assistant.error');
  ledger.observe(
    'end-last',
    holdsIf(ends.length === 1 && types.at(-1) === ends[0], `events ${types.join(', ')}`),
  );
  ledger.observe(
    'completed-content',
    holdsIf(
      message.content === deltas.map((frame) => frame.text).join(''),
      'content is not the deltas',
    ),
  );
  ledger.observe(
    'completed-turn-id',
    presence([message.turn_id], (value) => sameId(value, turnId), 'message.turn_id'),
  );
  const routed = frames.map((frame) =>
    frame.seq === undefined || frame.conversation_id === undefined ? undefined : frame,
  );
  ledger.observe(
    'routing-fields',
    presence(routed, (frame) => sameId(frame.turn_id, turnId), 'turn_id, conversation_id and seq'),
  );
  const seqs = frames.map((frame) => frame.seq);
  ledger.observe(
    'seq-gapless',
    holdsIf(
      seqs.every((seq, index) => seq === index + 1),
      `seq ${seqs.join(', ')}`,
    ),
  );
  const rejected = first.frames.find((frame) => frame.type === 'frame.rejected');
  const error = (rejected?.error ?? {}) as Frame;
  const after = first.frames.slice(first.frames.indexOf(rejected!));
  ledger.observe(
    'rejected',
    holdsIf(
      ['code', 'message', 'retryable', 'request_id'].every((field) => field in error) &&
        after.some((frame) => frame.type === 'pong'),
      `frame.rejected ${JSON.stringify(rejected)}`,
    ),
  );
  ledger.observe(
    'ping-pong',
    holdsIf(
      after.some((frame) => frame.type === 'pong' && frame.id === 'hb-1'),
      'no pong with the id',
    ),
  );
  ledger.observe(
    'rejected-ids',
    presence([rejected?.turn_id], (value) => isUuid(value), 'turn_id of frame.rejected'),
  );
}

function checkResume(walk: GuideWalk, channel: RecordingChannel, turnId: unknown): void {
  const snapshot = channel.frames.find((frame) => frame.type === 'turn.snapshot');
  const turn = (snapshot?.turn ?? {}) as Frame;
  walk.ledger.observe(
    'subscribe',
    holdsIf(
      sameId(turn.turn_id, turnId) && typeof snapshot?.content === 'string' && 'label' in snapshot,
      `turn.snapshot ${JSON.stringify(snapshot)}`,
    ),
  );
  walk.ledger.observe(
    'snapshot-ended',
    holdsIf(
      turn.assistant_message !== null && channel.frames.at(-1) === snapshot,
      'the ended turn streamed on after its snapshot',
    ),
  );
}
