/**
 * The transport under the AI SDK's own `Chat` of each major it supports (5, 6 and 7: what
 * `useChat` runs), against the reference server of the run's profile.
 */
import { describe, expect, it } from 'vitest';
import { loadUIMessages, PartnerAssistantChatTransport } from '../src/index.ts';
import { type ChatFactory, type ChatLike, chatFactoryOf } from './support/chat-of-major.ts';
import { MemoryStorage, transportWorld } from './support/transport-world.ts';

const world = transportWorld(200);
const nodeMajor = Number(process.versions.node.split('.')[0]);
const QUESTION = 'When is the town hall open?';

const MAJORS = [
  { major: 5, load: () => import('ai-5'), skip: false },
  { major: 6, load: () => import('ai-6'), skip: false },
  // AI SDK 7 requires Node 22 or later: CI runs it in its Node 24 step (`.ci/run`).
  { major: 7, load: () => import('ai-7'), skip: nodeMajor < 22 },
];

/** The text of the chat's answer so far (empty until an assistant message shows). */
function answerText(chat: ChatLike): string {
  const last = chat.messages.at(-1);
  if (last?.role !== 'assistant') return '';
  return last.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

const lowerIds = (metadata: unknown) =>
  JSON.parse(JSON.stringify(metadata ?? {}).toLowerCase()) as Record<string, string>;

const { until, settle } = world;

/** The turn of a history's first message. */
const turnIdOf = (history: { metadata?: { turnId?: string } | undefined }[]) =>
  history[0]?.metadata?.turnId ?? '';

for (const { major, load, skip } of MAJORS) {
  describe.skipIf(skip)(`AI SDK ${major}'s Chat (AI SDK 7 needs Node 22 or later)`, () => {
    let newChat: ChatFactory;
    /** A chat of a new user on a new conversation, and what `onData` received. */
    async function chatOfNewUser(
      options: Parameters<ReturnType<typeof world.user>['client']>[0] = {},
    ) {
      newChat ??= chatFactoryOf(await load());
      const user = world.user();
      const client = user.client(options);
      const { conversation_id: id } = await client.conversations.create();
      const data: { type: string; data: unknown }[] = [];
      const transport = new PartnerAssistantChatTransport({ client });
      const chat = newChat({ id, transport, onData: (part) => data.push(part) });
      return { user, client, id, chat, data, transport };
    }

    it('streams the answer as text and data parts, the same as the history holds', async () => {
      const { client, id, chat, data } = await chatOfNewUser();
      await settle(chat.sendMessage({ text: QUESTION }));
      expect(chat.status).toBe('ready');
      const answer = chat.messages.at(-1);
      expect(answer?.role).toBe('assistant');
      const history = await loadUIMessages(client, id);
      expect(history.map((m) => m.role)).toEqual(['user', 'assistant']);
      expect(answer?.parts).toEqual(history[1]?.parts);
      expect(lowerIds(answer?.metadata)).toEqual(lowerIds(history[1]?.metadata));
      const types = answer?.parts.map((part) => part.type);
      expect(types?.[0]).toBe('text');
      expect(types).toContain('data-card');
      expect(types).toContain('data-suggested-action');
      // The progress labels reached `onData` only: they never stay in the message.
      expect(data.filter((part) => part.type === 'data-status').length).toBeGreaterThan(0);
      expect(types).not.toContain('data-status');

      // Regenerate: the same question again, as a new turn.
      await settle(chat.regenerate());
      const again = await loadUIMessages(client, id);
      expect(again.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
      expect(again[2]?.metadata?.turnId).not.toBe(again[0]?.metadata?.turnId);
      expect(chat.messages.at(-1)?.parts).toEqual(again[3]?.parts);
    });

    it('stops following the answer at once: the partial text stays, nothing comes after', async () => {
      const { client, id, chat, data } = await chatOfNewUser();
      const asked = chat.sendMessage({ text: 'How do I renew my passport?' });
      await until(() => answerText(chat) !== '');
      await chat.stop();
      await asked; // settles at once: the turn is held mid-answer
      expect(chat.status).toBe('ready');
      const partial = answerText(chat);
      const seen = { messages: structuredClone(chat.messages), data: data.length };
      // The API finishes the answer: the history holds it whole, the chat is left as it was.
      await settle(client.turns.wait(turnIdOf(await loadUIMessages(client, id))));
      const [, whole] = await loadUIMessages(client, id);
      const wholeText = whole?.parts.find((part) => part.type === 'text');
      expect(wholeText?.type === 'text' && wholeText.text.startsWith(partial)).toBe(true);
      expect(wholeText?.type === 'text' && wholeText.text.length).toBeGreaterThan(partial.length);
      expect(chat.messages).toEqual(seen.messages);
      expect(data).toHaveLength(seen.data);
      expect(chat.status).toBe('ready');
    });

    it('picks up the answer still in flight after a reload', async () => {
      const { user, client, id, chat } = await chatOfNewUser();
      void chat.sendMessage({ text: 'Where can I park near the town hall?' });
      await until(() => answerText(chat) !== '');
      await client.close(); // the page goes away mid-answer

      const reloaded = user.client();
      const transport = new PartnerAssistantChatTransport({ client: reloaded });
      const messages = await loadUIMessages(reloaded, id);
      expect(messages.map((m) => m.role)).toEqual(['user']);
      const after = newChat({ id, transport, messages });
      await settle(after.resumeStream());
      expect(after.status).toBe('ready');
      const history = await loadUIMessages(reloaded, id);
      expect(after.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
      expect(after.messages[1]?.parts).toEqual(history[1]?.parts);

      // Nothing in flight: no stream.
      expect(await transport.reconnectToStream({ chatId: id })).toBeNull();
    });

    it("ends a refused question with an error chunk: the API's message and code", async () => {
      const { client, id, chat, data } = await chatOfNewUser({ tenant: world.strict });
      await chat.sendMessage({ text: 'A question longer than twenty characters?' });
      expect(chat.status).toBe('error');
      expect(chat.error?.message).toMatch(/at most 20 characters.*\(invalid_request\)$/);
      expect(data.find((part) => part.type === 'data-error')?.data).toMatchObject({
        code: 'invalid_request',
        retryable: false,
      });
      expect(await loadUIMessages(client, id)).toEqual([]);
    });

    it('keeps a question asked offline in the outbox and sends it once the network is back', async () => {
      const storage = new MemoryStorage();
      const { client, id, chat } = await chatOfNewUser({ proxied: true, storage });
      world.proxy.cut();
      const asked = chat.sendMessage({ text: 'Can I vote by mail?' });
      await until(() => storage.entryKeys().length === 1);
      expect(chat.status).toBe('submitted');
      expect(await client.outbox.pending()).toMatchObject([{ message: 'Can I vote by mail?' }]);
      world.proxy.restore();
      await settle(asked);
      expect(chat.status).toBe('ready');
      const history = await loadUIMessages(client, id);
      expect(history.map((m) => m.role)).toEqual(['user', 'assistant']);
      expect(chat.messages.at(-1)?.parts).toEqual(history[1]?.parts);
      expect(storage.entryKeys()).toEqual([]);
    });
  });
}
