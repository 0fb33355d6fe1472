/**
 * A deployment that owes only the specification: it sends exactly the fields the specification
 * shows (no `has_more`, no `updated_at` on creation, a send answer of five fields, an
 * `assistant.error` with `message` only...) and writes every id in upper case. The client works
 * with it as with the reference server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { PartnerAssistantClient } from '../../src/index.node.ts';
import {
  type ScriptedServer,
  scriptedClient,
  startScriptedServer,
} from '../support/scripted-server.ts';
import { type SpecExactOptions, specExactApi } from '../support/spec-exact-api.ts';

const servers: ScriptedServer[] = [];
const clients: PartnerAssistantClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function setup(options: SpecExactOptions = {}, clientOptions = {}) {
  const api = specExactApi(options);
  const server = await startScriptedServer(api.channel, api.rest);
  servers.push(server);
  const client = scriptedClient(server, clientOptions);
  clients.push(client);
  return { api, server, client };
}

const isLowerCase = (id: string) => id === id.toLowerCase();
/** A conversation id as the app holds it; the deployment answers it in upper case. */
const conversation_id = '0d1c2b3a-4f5e-4a6b-8c7d-9e0f1a2b3c4d';

describe('REST against a spec-exact deployment', () => {
  it('conversations.create: the conversation, without updated_at, its id in lower case', async () => {
    const { client } = await setup();
    const created = await client.conversations.create({ title: 'Passport' });
    expect(created).toMatchObject({ title: 'Passport', created_at: expect.any(String) });
    expect(created.updated_at).toBeUndefined();
    expect(isLowerCase(created.conversation_id)).toBe(true);
  });

  it('conversations.rename: the conversation, without created_at', async () => {
    const { client } = await setup();
    const renamed = await client.conversations.rename(conversation_id, { title: 'Passport' });
    expect(renamed).toEqual({ conversation_id, title: 'Passport', updated_at: expect.any(String) });
  });

  it('messages.send: the turn of five fields, with the key it sent; turns.wait brings the answer', async () => {
    const { client } = await setup();
    const sent = await client.messages.send(conversation_id, {
      message: 'How do I renew my passport?',
      clientMessageId: 'Key-Of-The-App',
    });
    expect(sent).toMatchObject({ status: 'queued', client_message_id: 'Key-Of-The-App' });
    expect(sent.user_message_id).toBeUndefined();
    expect(isLowerCase(sent.turn_id)).toBe(true);
    const ended = await client.turns.wait(sent.turn_id, { pollIntervalMs: 10 });
    expect(ended.assistant_message?.content).toBe('Answer to: How do I renew my passport?');
  });

  it('history without has_more: pages go on while full, and stop at a short or empty page', async () => {
    const { client, server, api } = await setup();
    for (const question of ['One?', 'Two?', 'Three?', 'Four?']) api.seed(conversation_id, question);
    const contents: string[] = [];
    for await (const message of client.messages.list(conversation_id, { limit: 3 }))
      contents.push(message.content);
    expect(contents).toHaveLength(8);
    expect(contents.at(-1)).toBe('Answer to: Four?');
    const pages = server.counts.requests.filter((line) => line.startsWith('GET'));
    expect(pages).toHaveLength(3); // 3 + 3 + 2
    const full = await client.messages.list(conversation_id, { limit: 4, offset: 4 });
    expect(full.hasNextPage()).toBe(true); // a full page may have a successor
    const empty = await full.nextPage();
    expect(empty.messages).toEqual([]);
    expect(empty.hasNextPage()).toBe(false);
  });

  it('history: ids in lower case, structured content [] where absent', async () => {
    const { client } = await setup();
    const sent = await client.messages.send(conversation_id, { message: 'Hello?' });
    const page = await client.messages.list(conversation_id);
    expect(page.messages.map((m) => m.turn_id)).toEqual([sent.turn_id, sent.turn_id]);
    expect(page.messages.every((m) => isLowerCase(m.message_id))).toBe(true);
    expect(page.messages[1]).toMatchObject({ role: 'assistant', cards: [], suggested_actions: [] });
  });

  it('feedback.submit: success and the rating', async () => {
    const { client } = await setup();
    const answer = await client.feedback.submit('6F1C1B8E-3C2A-4E55-9D0E-2F8F0B7A9C11', {
      rating: 'down',
      reason: 'outdated',
    });
    expect(answer).toEqual({ success: true, feedback: { rating: 'down' } });
  });
});

describe('the chat against a spec-exact deployment (ids in upper case)', () => {
  it('streams the answer and settles on it, the message naming its turn', async () => {
    const { client } = await setup({ socket: 'answer' });
    const stream = client.chat.send({ conversationId: conversation_id, message: 'Opening hours?' });
    const accepted: string[] = [];
    stream.on('accepted', (turnId) => accepted.push(turnId));
    const deltas: string[] = [];
    stream.on('delta', (text) => deltas.push(text));
    const message = await stream.finalMessage();
    const turnId = await stream.turnId;
    expect(message.content).toBe('Answer to: Opening hours?');
    expect(deltas.join('')).toBe(message.content);
    expect(isLowerCase(turnId)).toBe(true);
    expect(message.turn_id).toBe(turnId); // absent from the event: the turn it ended
    expect(accepted).toEqual([turnId]);
  });

  it('an assistant.error with only a message fails the stream with a non-retryable turn error', async () => {
    const { client } = await setup({ socket: 'error' });
    const stream = client.chat.send({ conversationId: conversation_id, message: 'Why?' });
    await expect(stream.finalMessage()).rejects.toMatchObject({
      name: 'PartnerTurnError',
      code: 'processing_failed',
      message: 'No answer',
      retryable: false,
    });
  });

  it.each([
    ['as the server wrote it (upper case)', (id: string) => id],
    ['in lower case', (id: string) => id.toLowerCase()],
  ])('chat.resume(id %s) follows the turn the frames name in upper case', async (_, asHeld) => {
    const { client, api } = await setup({ socket: 'answer' });
    const turnId = api.seed(conversation_id, 'Resumed?'); // in upper case
    const stream = client.chat.resume(asHeld(turnId));
    const accepted: string[] = [];
    stream.on('accepted', (id) => accepted.push(id));
    const events: string[] = [];
    stream.on('event', (event) => events.push(event.type));
    await expect(stream.finalMessage()).resolves.toMatchObject({
      content: 'Answer to: Resumed?',
      turn_id: turnId.toLowerCase(),
    });
    expect(events).toEqual([
      'turn.snapshot',
      'assistant.delta',
      'assistant.delta',
      'assistant.completed',
    ]);
    // Accepted at once with the id as the app gave it, not again when the frames name it.
    await expect(stream.turnId).resolves.toBe(asHeld(turnId));
    expect(accepted).toEqual([]);
  });

  it('a socket that says nothing: the question goes over REST and the answer arrives', async () => {
    const { client, server } = await setup({ socket: 'silent' });
    const stream = client.chat.send({ conversationId: conversation_id, message: 'Via REST?' });
    const recovered: string[] = [];
    stream.on('recovered', (via) => recovered.push(via));
    await expect(stream.finalMessage()).resolves.toMatchObject({ content: 'Answer to: Via REST?' });
    expect(recovered).toEqual(['rest']);
    expect(server.counts.requests.some((line) => line.startsWith('POST /conversations/'))).toBe(
      true,
    );
  });
});
