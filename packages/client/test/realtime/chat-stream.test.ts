import type { Message } from '@partner-assistant/contract';
import { describe, expect, it } from 'vitest';
import { PartnerAssistantClient as NodeClient } from '../../src/index.node.ts';
import { isPartnerTurnError, type TurnEvent } from '../../src/index.ts';
import { clientFor, issueToken, useReferenceServer } from '../support/reference-server.ts';

const env = useReferenceServer({ processingMs: 60 });

function nodeClient() {
  const { client, tokenCalls } = clientFor(env.server, env.tenant);
  return { client, tokenCalls };
}

describe('chat over the WebSocket (Node 20, ws as the fallback WebSocket)', () => {
  it('streams a turn: events in seq order once, deltas adding up to the final message, which matches history', async () => {
    const { externalUserId } = clientFor(env.server, env.tenant);
    const client = new NodeClient({
      baseUrl: env.server.url,
      token: () => issueToken(env.server, env.tenant, externalUserId),
    });
    expect(client.connection.state).toBe('idle');
    const states: string[] = [];
    client.connection.on('statechange', (state) => states.push(state));
    const { conversation_id } = await client.conversations.create();
    const stream = client.chat.send({
      conversationId: conversation_id,
      message: 'How do I renew my passport?',
    });
    const labels: string[] = [];
    let streamed = '';
    stream.on('status', (label) => labels.push(label));
    stream.on('delta', (text) => {
      streamed += text;
    });
    let acceptedAs: [string, string | undefined] | undefined;
    stream.on('accepted', (turnId, userMessageId) => {
      acceptedAs = [turnId, userMessageId];
    });
    const events: TurnEvent[] = [];
    for await (const event of stream) events.push(event);
    const final = await stream.finalMessage();
    expect(events.map((event) => event.seq)).toEqual(events.map((_, i) => i + 1));
    expect(events[0]?.type).toBe('turn.accepted');
    expect(events.at(-1)?.type).toBe('assistant.completed');
    expect(labels.length).toBeGreaterThan(0);
    expect(streamed).toBe(final.content);
    expect(stream.text).toBe(final.content);
    expect(await stream.turnId).toBe(final.turn_id);
    const history = await client.messages.list(conversation_id);
    expect(history.messages.at(-1)).toMatchObject({
      message_id: final.message_id,
      content: final.content,
    });
    // The ids `accepted` gave are those of the history: the turn's, and the user message's.
    expect(acceptedAs).toEqual([final.turn_id, history.messages.at(-2)?.message_id]);
    expect(states).toEqual(['connecting', 'open']);
    await client.close();
    expect(client.connection.state).toBe('closed');
  });

  it('resumes a turn sent over REST, from a snapshot', async () => {
    const { client } = nodeClient();
    const { conversation_id } = await client.conversations.create();
    const turn = await client.messages.send(conversation_id, {
      message: 'Where is the town hall?',
    });
    const stream = client.chat.resume(turn.turn_id);
    const final = await stream.finalMessage();
    expect(final.turn_id).toBe(turn.turn_id);
    expect(stream.text).toBe(final.content);
    await client.close();
  });

  it('a failed turn rejects finalMessage with PartnerTurnError and discards the partial text', async () => {
    const { client } = nodeClient();
    const { conversation_id } = await client.conversations.create();
    const stream = client.chat.send({
      conversationId: conversation_id,
      message: 'Break please [simulate:error]',
    });
    const partial: string[] = [];
    stream.on('delta', (text) => partial.push(text));
    const error = await stream.finalMessage().catch((e: unknown) => e);
    expect(isPartnerTurnError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'processing_failed', turnId: await stream.turnId });
    expect(partial.length).toBeGreaterThan(0); // the server streamed a partial delta first
    expect(stream.text).toBe('');
    expect(stream.status).toBe('failed');
    await expect(
      (async () => {
        for await (const _ of stream);
      })(),
    ).rejects.toBe(error);
    await client.close();
  });

  it('several turns interleave on one socket, each complete', async () => {
    const { client } = nodeClient();
    const { conversation_id } = await client.conversations.create();
    const streams = ['One?', 'Two?', 'Three?'].map((message) =>
      client.chat.send({ conversationId: conversation_id, message }),
    );
    const finals: Message[] = await Promise.all(streams.map((s) => s.finalMessage()));
    expect(new Set(finals.map((m) => m.turn_id)).size).toBe(3);
    expect(streams.map((s) => s.text)).toEqual(finals.map((m) => m.content));
    await client.close();
  });
});
