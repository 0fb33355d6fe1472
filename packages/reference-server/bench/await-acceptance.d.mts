import type WebSocket from 'ws';

/**
 * Sends `frame` (a `user.message` under `clientMessageId`) on `socket` and resolves once its
 * `turn.accepted` arrives; rejects on a `frame.rejected`.
 */
export function askAndAwaitAcceptance(
  socket: WebSocket,
  frame: string,
  clientMessageId: string,
): Promise<void>;
