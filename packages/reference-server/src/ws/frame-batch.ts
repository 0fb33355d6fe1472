import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

/** How a socket's frames leave: sent, and every sent frame written out now. */
export interface FrameWriter {
  /** Sends one text frame; it is written when the current turn of the event loop ends. */
  send(text: string): void;
  /** Writes every frame sent so far (before the connection is cut). */
  flush(): void;
}

/**
 * Frames sent to one socket during one turn of the event loop leave in one write: the steps of
 * several turns often come due together, and a write system call per frame was a quarter of the
 * server's time streaming answers (CPU profile of 100 sockets). `raw` is the connection the
 * upgrade handed to ws (`handleUpgrade`'s socket, which ws writes its frames to): it is corked
 * until `setImmediate`, so ws's frames of this turn leave together.
 */
export function frameWriter(ws: WebSocket, raw: Duplex): FrameWriter {
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
