import type { Message, TurnStream } from '@partner-assistant/client';
import { structuredParts } from './answer-parts.ts';
import type { PartnerAssistantMetadata } from './data-parts.ts';
import { errorDataOf, errorTextOf } from './error-data.ts';
import type { PartnerAssistantChunk } from './ui-chunk.ts';

/** The id of the answer's one text part. */
const TEXT_ID = 'answer';

/**
 * One turn's answer as the AI SDK's UI message chunks: `start`; the text as `text-start`,
 * `text-delta`s and `text-end`; each progress label as a transient `data-status`; on completion
 * one data part per card, visualization and suggested action, then `finish` (its metadata: the
 * API's message and turn ids); on failure a transient `data-error`, then `error`. `turn` is the
 * turn's stream, or a promise of it (a question the outbox sends later).
 *
 * Aborting `signal`, or cancelling the returned stream (what `useChat`'s `stop()` does), stops
 * following the turn at once: no chunk after it, and the turn's stream is stopped (a question not
 * sent yet is withdrawn); `withdraw` is called instead while there is no stream yet.
 */
export function turnChunks(
  turn: TurnStream | PromiseLike<TurnStream>,
  signal: AbortSignal | undefined,
  withdraw?: () => void,
): ReadableStream<PartnerAssistantChunk> {
  let out!: ReadableStreamDefaultController<PartnerAssistantChunk>;
  let followed: TurnStream | undefined;
  let ended = false;
  let shown = '';
  const detach: (() => void)[] = [];

  const write = (chunk: PartnerAssistantChunk) => {
    if (!ended) out.enqueue(chunk);
  };
  const end = () => {
    if (ended) return;
    ended = true;
    for (const off of detach) off();
    signal?.removeEventListener('abort', stop);
    out.close();
  };
  function stop() {
    if (ended) return;
    end();
    if (followed) followed.stop();
    else withdraw?.();
  }

  /** Hands out what `text` adds to the text shown so far (deltas always add up to the answer). */
  const grow = (text: string) => {
    if (ended || !text.startsWith(shown) || text.length === shown.length) return;
    if (shown === '') write({ type: 'text-start', id: TEXT_ID });
    write({ type: 'text-delta', id: TEXT_ID, delta: text.slice(shown.length) });
    shown = text;
  };
  const label = (text: string) =>
    write({ type: 'data-status', data: { label: text }, transient: true });

  const complete = (message: Message) => {
    grow(message.content);
    if (shown !== '') write({ type: 'text-end', id: TEXT_ID });
    for (const part of structuredParts(message)) write(part);
    const metadata: PartnerAssistantMetadata = { messageId: message.message_id };
    if (message.turn_id) metadata.turnId = message.turn_id;
    write({ type: 'finish', messageMetadata: metadata });
    end();
  };
  const fail = (error: unknown) => {
    // Stopped elsewhere (the same turn followed twice): the answer ends where it is, as `stop()`.
    if (followed?.status === 'stopped') return end();
    const data = errorDataOf(error);
    write({ type: 'data-error', data, transient: true });
    write({ type: 'error', errorText: errorTextOf(data) });
    end();
  };

  const follow = (stream: TurnStream) => {
    if (ended) return stream.stop();
    followed = stream;
    detach.push(
      stream.on('delta', (_, text) => grow(text)),
      stream.on('status', label),
    );
    // A stream already followed elsewhere (the same turn resumed twice) has text and a label.
    if (stream.label !== undefined) label(stream.label);
    grow(stream.text);
    stream.finalMessage().then(complete, fail);
  };

  return new ReadableStream<PartnerAssistantChunk>({
    start(controller) {
      out = controller;
      write({ type: 'start' });
      if (signal?.aborted) return end();
      signal?.addEventListener('abort', stop);
      Promise.resolve(turn).then(follow, fail);
    },
    cancel: stop,
  });
}
