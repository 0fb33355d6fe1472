/**
 * Run in a child process (`--expose-gc`): loads users into an engine, erases some, writes a heap
 * snapshot and prints, as JSON, which strings of the erased users (and of the kept ones, to prove
 * the search finds what is there) the snapshot still holds. Every string searched for is built at
 * run time from a number, and server-made ids are kept off the heap (in Buffers) until the
 * snapshot is written, so only the engine can hold them.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { createEngineRuntime } from '../../src/transport.ts';

const USERS = 6;
const ERASED = 3;
const MESSAGES = 3;
const seed = randomInt(1e9);
/** A string only this run makes: its text, built again after the snapshot. */
const marker = (user: number, what: string) => `${what}${seed}u${user}`;

const { engine, control } = createEngineRuntime({ clock: 'manual', selfCheck: false });
const tenant = control.tenants.create({ name: 'Erasure' });
const basic = `Basic ${btoa(`${tenant.clientId}:${tenant.clientSecret}`)}`;
const call = (method: string, path: string, authorization: string, body?: unknown) => {
  const outcome = engine.handleHttp({
    method,
    path: `/api/partners/v1${path}`,
    search: '',
    authorization,
    contentType: 'application/json',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return outcome.response.body as Record<string, unknown>;
};
/** Server-made ids of each user, off the heap. */
const ids: Buffer[][] = [];

for (let user = 0; user < USERS; user++) {
  const issued = call('POST', '/tokens', basic, { external_user_id: marker(user, 'ext') });
  const bearer = `Bearer ${issued.access_token as string}`;
  const userIds = [Buffer.from((issued.user as { id: string }).id)];
  const conversation = call('POST', '/conversations', bearer, { title: marker(user, 'title') });
  const conversationId = conversation.conversation_id as string;
  userIds.push(Buffer.from(conversationId));
  for (let index = 0; index < MESSAGES; index++) {
    const key = randomUUID();
    userIds.push(Buffer.from(key));
    const sent = call('POST', `/conversations/${conversationId}/messages`, bearer, {
      client_message_id: key,
      message: `${marker(user, `question${index}`)} about the passport`,
      location: { city: marker(user, 'city') },
    });
    if (typeof sent.turn_id !== 'string') throw new Error(JSON.stringify(sent));
    userIds.push(Buffer.from(sent.turn_id));
  }
  control.clock.advance(60_000);
  const history = call('GET', `/conversations/${conversationId}/messages`, bearer);
  const messages = history.messages as { message_id: string; role: string }[];
  for (const message of messages) userIds.push(Buffer.from(message.message_id));
  const answer = messages.find((message) => message.role === 'assistant');
  if (answer)
    call('POST', `/messages/${answer.message_id}/feedback`, bearer, {
      rating: 'down',
      comment: marker(user, 'comment'),
    });
  ids.push(userIds);
}
for (let user = 0; user < ERASED; user++) {
  call('DELETE', `/users/${encodeURIComponent(marker(user, 'ext'))}`, basic);
}

globalThis.gc?.();
const file = writeHeapSnapshot(join(tmpdir(), `erasure-${process.pid}-${seed}.heapsnapshot`));
const snapshot = readFileSync(file, 'utf8');
rmSync(file);
const kinds = ['ext', 'title', 'question0', 'city', 'comment'];
const found = (user: number) => [
  ...kinds.filter((kind) => snapshot.includes(marker(user, kind))),
  ...ids[user]!.map((id) => id.toString()).filter((id) => snapshot.includes(id)),
];
const report = {
  erased: [...Array(ERASED).keys()].flatMap((user) => found(user).map((what) => `${user}:${what}`)),
  kept: [...Array(USERS - ERASED).keys()].map((index) => found(ERASED + index).length),
  expectedPerKept: kinds.length + ids[ERASED]!.length,
};
process.stdout.write(JSON.stringify(report));
