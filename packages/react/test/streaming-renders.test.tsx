/**
 * A long answer streamed in many small pieces, as some models write: the component showing it
 * renders once per animation frame, not once per piece, and ends on the exact text. The reference
 * server writes an answer in three to five deltas, so a small scripted server (a real socket)
 * sends this one. Animation frames are the test's: one after every 50 events the client took.
 */
import type { WebSocketConstructor } from '@partner-assistant/client';
import { act, render, screen, waitFor } from '@testing-library/react';
import { WebSocket as NodeWebSocket, fetch as nodeFetch } from 'undici';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import {
  accepted,
  CONVERSATION_ID,
  event,
  message,
  turn,
} from '../../client/src/realtime/frames.test-support.ts';
import {
  type ScriptedServer,
  scriptedClient,
  startScriptedServer,
} from '../../client/test/support/scripted-server.ts';
import {
  PartnerAssistantProvider,
  type UseConversationResult,
  useConversation,
} from '../src/index.ts';

const DELTAS = 500;
/** Events the client takes between two animation frames. */
const EVENTS_PER_FRAME = 50;
const PIECES = Array.from({ length: DELTAS }, (_, i) => `w${i} `);
const ANSWER = PIECES.join('');

let server: ScriptedServer;

beforeAll(async () => {
  server = await startScriptedServer(
    {
      onFrame(socket, frame) {
        if (frame.type !== 'user.message') return undefined;
        void (async () => {
          socket.send(JSON.stringify(accepted(1, String(frame.client_message_id))));
          for (const [i, text] of PIECES.entries()) {
            socket.send(JSON.stringify(event('assistant.delta', i + 2, { text })));
            // Each piece on its own, as they trickle in over a network.
            await new Promise((resolve) => setImmediate(resolve));
          }
          const completed = event('assistant.completed', DELTAS + 2, { message: message(ANSWER) });
          socket.send(JSON.stringify(completed));
        })();
        return true;
      },
    },
    ({ method, path }) =>
      method === 'GET' && path.startsWith(`/conversations/${CONVERSATION_ID}/messages`)
        ? { status: 200, body: { messages: [], has_more: false } }
        : { status: 404, body: {} },
  );
});
afterAll(() => server.close());
afterEach(() => vi.unstubAllGlobals());

/** Animation frames that run when the test says. */
function testFrames() {
  let waiting: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    waiting.push(callback);
    return waiting.length;
  });
  return {
    waiting: () => waiting.length,
    run() {
      const due = waiting;
      waiting = [];
      for (const callback of due) callback(performance.now());
    },
  };
}

/** What the component rendered, each time, and the hook's last result. */
interface Seen {
  renders: Pick<UseConversationResult, 'status' | 'streamingText'>[];
  conversation: UseConversationResult | undefined;
}

/** The last message of the conversation; counts its renders. */
function Chat({ seen }: { seen: Seen }) {
  const conversation = useConversation(CONVERSATION_ID);
  const { status, streamingText, messages } = conversation;
  seen.renders.push({ status, streamingText });
  seen.conversation = conversation;
  return <output>{messages.at(-1)?.content}</output>;
}

/** undici's WebSocket, calling `afterEvent` once the client has handled each event of a turn. */
function observedWebSocket(afterEvent: () => void): WebSocketConstructor {
  class Observed extends NodeWebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols);
      let handler: ((event: { data: unknown }) => void) | null = null;
      // The client's `onmessage` is kept here and called first; then the test looks.
      Object.defineProperty(this, 'onmessage', {
        get: () => handler,
        set: (next: typeof handler) => {
          handler = next;
        },
      });
      this.addEventListener('message', (event) => {
        handler?.(event);
        if (String(event.data).includes('"turn_id"')) afterEvent(); // not a `pong`
      });
    }
  }
  return Observed as unknown as WebSocketConstructor;
}

it(`a ${DELTAS}-delta answer renders once per animation frame and ends on the exact text`, async () => {
  const frames = testFrames();
  let received = 0;
  const client = scriptedClient(server, {
    WebSocket: observedWebSocket(() => {
      if (++received % EVENTS_PER_FRAME === 0) frames.run();
    }),
    // Node's fetch: happy-dom's would hold the API to the page's origin.
    fetch: nodeFetch as unknown as typeof fetch,
    streamIdleTimeoutMs: 20_000,
    recoveryWindowMs: 20_000,
  });
  const seen: Seen = { renders: [], conversation: undefined };
  render(
    <PartnerAssistantProvider client={client}>
      <Chat seen={seen} />
    </PartnerAssistantProvider>,
  );
  const { renders } = seen;
  const conversation = () => seen.conversation;
  await waitFor(() => expect(conversation()?.loadingHistory).toBe(false));
  act(() => void conversation()?.send('Tell me everything'));
  await waitFor(() => expect(conversation()?.status).toBe('idle'), { timeout: 15_000 });

  expect(received).toBe(DELTAS + 2);
  expect(screen.getByRole('status').textContent).toBe(ANSWER);
  expect(conversation()?.messages.map((m) => [m.role, m.status])).toEqual([
    ['user', 'completed'],
    ['assistant', 'completed'],
  ]);
  // The question under the id the server gave it (`accepted`), not the one shown while pending.
  expect(conversation()?.messages[0]?.message_id).toBe(turn('queued').user_message_id);
  // The answer completed while the last delta waited for a frame: it showed at once, complete.
  expect(frames.waiting()).toBe(1);
  const before = renders.length;
  act(() => frames.run());
  expect(renders.length).toBe(before);

  const streaming = renders.filter((r) => r.status === 'streaming');
  // The accepted question, then at most one render per frame, each a longer part of the answer.
  expect(streaming.length).toBeLessThanOrEqual(1 + Math.ceil((DELTAS + 2) / EVENTS_PER_FRAME));
  expect(streaming.length).toBeGreaterThan(3);
  streaming.forEach((render, i) => {
    expect(ANSWER.startsWith(render.streamingText)).toBe(true);
    if (i > 0)
      expect(render.streamingText.length).toBeGreaterThan(
        streaming[i - 1]?.streamingText.length ?? 0,
      );
  });
  expect(renders.length).toBeLessThanOrEqual(30);
  await client.close();
});
