import { request } from 'node:http';
import { WEBSOCKET_PATH, WEBSOCKET_SUBPROTOCOL } from '@partner-assistant/contract';
import { holdsIf, presence } from './guide-claims.ts';
import { advanceUntil, bodyOf, type GuideWalk, newUser } from './protocol-walk-context.ts';
import type { RecordingChannel } from './recording-api.ts';

type Frame = Record<string, unknown>;

/** An upgrade request offering `protocols`, as a native client writes it: status and body. */
function rawUpgrade(walk: GuideWalk, protocols: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const call = request(`${walk.server.url}${WEBSOCKET_PATH}`, {
        headers: {
          Connection: 'Upgrade',
          Upgrade: 'websocket',
          'Sec-WebSocket-Version': '13',
          'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
          'Sec-WebSocket-Protocol': protocols,
        },
      });
      call.on('upgrade', (_, socket) => {
        socket.destroy();
        resolve({ status: 101, headers: {}, body: '' });
      });
      call.on('response', (response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, body }),
        );
      });
      call.on('error', reject);
      call.end();
    },
  );
}

/** The handshake's refusals and every close code the server can be made to send. */
export async function walkHandshakeAndCloses(walk: GuideWalk): Promise<void> {
  const { ledger } = walk;
  const user = await newUser(walk);
  const inUrl = user.api.connect(
    [WEBSOCKET_SUBPROTOCOL, user.token],
    `${WEBSOCKET_PATH}?access_token=${user.token}`,
  );
  const urlClose = await inUrl.closed;
  ledger.observe('ws-url-token', holdsIf(inUrl.frames.length === 0 && urlClose !== 1000, 'served'));
  const noList = await user.api.connect([]).closed;
  const notFirst = await user.api.connect([user.token, WEBSOCKET_SUBPROTOCOL]).closed;
  ledger.observe(
    'close-4400',
    holdsIf(
      [urlClose, noList, notFirst].every((code) => code === 4400),
      `${urlClose}, ${noList}, ${notFirst}`,
    ),
  );
  const refused = await rawUpgrade(walk, user.token);
  const envelope = JSON.parse(refused.body || '{}') as { error?: Frame };
  ledger.observe(
    'ws-offer-refused',
    holdsIf(
      refused.status === 422 &&
        envelope.error?.code === 'invalid_request' &&
        !JSON.stringify(refused).includes(user.token),
      `the token alone was answered ${refused.status} ${refused.body}`,
    ),
  );
  const badToken = await user.api.connect([WEBSOCKET_SUBPROTOCOL, 'not-a-token']).closed;
  const reader = await newUser(walk, { scopes: ['feedback:write'] });
  const noRead = await (await reader.connect()).closed;
  const busy = await newUser(walk, { limits: { requests_per_minute: 1 } });
  const overRate = await (await busy.connect()).closed;
  ledger.observe('close-4403', holdsIf(noRead === 4403, `closed ${noRead}`));
  ledger.observe('close-4429', holdsIf(overRate === 4429, `closed ${overRate}`));
  const open = await user.connect();
  await pinged(walk, open);
  await user.call('DELETE', `/users/${user.externalUserId}`, undefined, 'basic');
  const erased = await open.closed;
  ledger.observe(
    'close-4401',
    holdsIf(badToken === 4401 && erased === 4401, `${badToken}, ${erased}`),
  );
  ledger.observe(
    'ws-token-after-open',
    holdsIf(badToken === 4401 && noRead === 4403 && overRate === 4429, 'not 4401, 4403, 4429'),
  );

  const other = await newUser(walk);
  const tooBig = await other.connect();
  tooBig.send({ type: 'ping', id: 'x'.repeat(70_000) });
  const bigClose = await tooBig.closed;
  ledger.observe('frame-size', holdsIf(bigClose === 1009, `closed ${bigClose}`));
  ledger.observe('close-1009', holdsIf(bigClose === 1009, `closed ${bigClose}`));
  const reset = await other.connect();
  await pinged(walk, reset);
  walk.server.control.reset({ tenant: other.clientId });
  const resetClose = await reset.closed;
  ledger.observe('close-1001', holdsIf(resetClose === 1001, `closed ${resetClose}`));
}

/** Waits for the answer to a ping: the socket is open and served. */
async function pinged(walk: GuideWalk, channel: RecordingChannel): Promise<void> {
  channel.send({ type: 'ping' });
  await advanceUntil(walk, () => channel.frames.some((frame) => frame.type === 'pong'));
}

/** `frame.rejected` for each code the server can be made to refuse a frame with. */
export async function walkRefusals(walk: GuideWalk): Promise<void> {
  const { ledger } = walk;
  const seen: Frame[] = [];
  const readOnly = await newUser(walk, { scopes: ['chat:read'] });
  const reading = await readOnly.connect();
  reading.send({
    type: 'user.message',
    conversation_id: '00000000-0000-4000-8000-000000000000',
    client_message_id: 'scope-1',
    message: 'Hello',
  });
  reading.send('not a frame');
  await advanceUntil(walk, () => reading.frames.length >= 2);
  await pinged(walk, reading);
  seen.push(...reading.frames);
  // Token (1), handshake (2), a frame (3): the next frame is over the rate of 3 a minute.
  const limited = await newUser(walk, { limits: { requests_per_minute: 3 } });
  const counted = await limited.connect();
  counted.send({ type: 'turn.subscribe', turn_id: '00000000-0000-4000-8000-000000000001' });
  counted.send({ type: 'turn.subscribe', turn_id: '00000000-0000-4000-8000-000000000002' });
  await advanceUntil(walk, () => counted.frames.length >= 2);
  await pinged(walk, counted);
  seen.push(...counted.frames);
  const codeOf = (frame: Frame) => (frame.error as Frame | undefined)?.code;
  const codes = new Set(seen.filter((frame) => frame.type === 'frame.rejected').map(codeOf));
  // idempotency_conflict is walked with the transcript; queue_unavailable cannot be provoked here.
  ledger.observe(
    'rejected-codes',
    holdsIf(
      ['insufficient_scope', 'invalid_request', 'not_found', 'rate_limit_exceeded'].every((code) =>
        codes.has(code),
      ),
      `codes ${[...codes].join(', ')}`,
    ),
  );
  const stillOpen = [reading, counted].every((channel) => channel.frames.at(-1)?.type === 'pong');
  ledger.observe('rejected-not-closed', holdsIf(stillOpen, 'a refusal closed the socket'));
  ledger.observe(
    'open-closes',
    holdsIf(
      stillOpen && codes.has('insufficient_scope') && codes.has('rate_limit_exceeded'),
      'closed',
    ),
  );
  await reading.close();
  await counted.close();
}

/** A turn that fails, as the fault `failNextTurns` makes it: what `assistant.error` carries. */
export async function walkFailedTurn(walk: GuideWalk): Promise<void> {
  const { ledger } = walk;
  const user = await newUser(walk);
  const conversation = bodyOf(await user.call('POST', '/conversations', {}));
  walk.server.control.faults.failNextTurns(1, { tenant: user.clientId });
  const channel = await user.connect();
  channel.send({
    type: 'user.message',
    conversation_id: conversation.conversation_id,
    client_message_id: 'fails-1',
    message: 'Where is the town hall?',
  });
  await advanceUntil(walk, () => channel.frames.some((frame) => frame.type === 'assistant.error'));
  const failed = channel.frames.find((frame) => frame.type === 'assistant.error')!;
  const error = failed.error as Frame;
  const turn = bodyOf(await user.call('GET', `/turns/${String(failed.turn_id)}`));
  walk.statuses.add(String(turn.status));
  await channel.close();
  ledger.observe('error-message', holdsIf(typeof error.message === 'string', 'no error.message'));
  ledger.observe(
    'error-code',
    presence(
      [error.code === undefined && error.retryable === undefined ? undefined : error],
      (value) => value.code === 'processing_failed' && typeof value.retryable === 'boolean',
      'error.code and error.retryable',
    ),
  );
  const message = turn.assistant_message as Frame | null;
  ledger.observe(
    'error-discard',
    holdsIf(
      turn.status === 'failed' && message?.content === '',
      `the failed turn is ${JSON.stringify(turn)}`,
    ),
  );
  ledger.observe(
    'turn-result',
    holdsIf(turn.error !== null && typeof turn.error === 'object', 'a failed turn without error'),
  );
}
