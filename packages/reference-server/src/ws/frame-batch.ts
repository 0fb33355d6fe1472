import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { textFrames } from './text-frames.ts';

/** How a socket's frames leave: sent, and every sent frame written out now. */
export interface FrameWriter {
  /** Sends one text frame; it is written when the current turn of the event loop ends. */
  send(text: string): void;
  /** Writes every frame sent so far (before the connection is closed or cut). */
  flush(): void;
}

/**
 * Frames sent to one socket during one turn of the event loop leave in one write: the steps of
 * several turns often come due together, and a write system call per frame was a quarter of the
 * server's time streaming answers (CPU profile of 100 sockets). `raw` is the connection the
 * upgrade handed to ws (`handleUpgrade`'s socket, which ws writes its own frames to).
 *
 * With no extension negotiated (the server offers none), the texts of the turn are framed
 * together into one buffer ({@link textFrames}), as ws would frame each (a text frame, FIN, no
 * mask), written at `setImmediate`; ws's send, which writes a header and a string per frame,
 * cost more than the rest of the server's work on a delta. Whatever ws writes itself on incoming
 * data (the answer to a close, a pong) follows the frames sent before: they are written out
 * first. With an extension, each frame goes through ws's send, the connection corked until
 * `setImmediate`.
 */
export function frameWriter(ws: WebSocket, raw: Duplex): FrameWriter {
  if (ws.extensions !== '') return corkedWriter(ws, raw);
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const texts = pending;
    pending = [];
    if (raw.writable) raw.write(textFrames(texts));
  };
  // Before ws reads incoming data or the client's end of the connection, and answers them.
  raw.prependListener('data', flush);
  raw.prependListener('end', flush);
  return {
    send: (text) => {
      if (pending.push(text) === 1) setImmediate(flush);
    },
    flush,
  };
}

function corkedWriter(ws: WebSocket, raw: Duplex): FrameWriter {
  let corked = false;
  const flush = () => {
    if (!corked) return;
    corked = false;
    raw.uncork();
  };
  return {
    send: (text) => {
      if (!corked) {
        corked = true;
        raw.cork();
        setImmediate(flush);
      }
      ws.send(text);
    },
    flush,
  };
}
