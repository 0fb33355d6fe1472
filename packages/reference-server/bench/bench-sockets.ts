import { readFileSync } from 'node:fs';
import { WEBSOCKET_PATH, WEBSOCKET_SUBPROTOCOL } from '@partner-assistant/contract';
import WebSocket from 'ws';
import type { LoadFixture } from './prepare-load.ts';

/** The value below which `fraction` of `sorted` lies. */
export function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

/** CPU seconds a process has used (user + system), from /proc; undefined elsewhere. */
export function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, in clock ticks (USER_HZ, 100 on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** Opens a socket on the chat channel with the fixture's token. */
export function openSocket(fixture: LoadFixture): Promise<WebSocket> {
  const socket = new WebSocket(`${fixture.wsUrl}${WEBSOCKET_PATH}`, [
    WEBSOCKET_SUBPROTOCOL,
    fixture.token,
  ]);
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** The `user.message` frame asking `message` under `clientMessageId`. */
export function userMessage(fixture: LoadFixture, clientMessageId: string, message: string) {
  return JSON.stringify({
    type: 'user.message',
    conversation_id: fixture.conversationId,
    client_message_id: clientMessageId,
    message,
  });
}

/** Closes `sockets` and waits until each has closed. */
export function closeAll(sockets: WebSocket[]): Promise<unknown> {
  return Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          socket.once('close', () => resolve());
          socket.close();
        }),
    ),
  );
}
