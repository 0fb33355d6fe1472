import { WEBSOCKET_PATH, WEBSOCKET_SUBPROTOCOL } from '@partner-assistant/contract';
import WebSocket from 'ws';

/** Percentiles of the time from sending `user.message` to receiving its `turn.accepted`, ms. */
export interface AcceptLatency {
  readonly samples: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

/** Sends `samples` messages one after another on one socket and times each acceptance. */
export async function measureAcceptLatency(
  wsUrl: string,
  token: string,
  conversationId: string,
  samples: number,
): Promise<AcceptLatency> {
  const socket = new WebSocket(`${wsUrl}${WEBSOCKET_PATH}`, [WEBSOCKET_SUBPROTOCOL, token]);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const durations: number[] = [];
  for (let index = 0; index < samples; index++) {
    const clientMessageId = `ws-latency-${index}-${Date.now()}`;
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      const onMessage = (data: WebSocket.RawData) => {
        const event = JSON.parse(data.toString()) as {
          type: string;
          turn?: { client_message_id?: string };
        };
        if (event.type === 'frame.rejected')
          reject(new Error(`frame rejected: ${data.toString()}`));
        if (event.type === 'turn.accepted' && event.turn?.client_message_id === clientMessageId) {
          socket.off('message', onMessage);
          resolve();
        }
      };
      socket.on('message', onMessage);
      socket.send(
        JSON.stringify({
          type: 'user.message',
          conversation_id: conversationId,
          client_message_id: clientMessageId,
          message: 'Where is the nearest town hall?',
        }),
      );
    });
    durations.push(performance.now() - started);
  }
  socket.close();
  durations.sort((a, b) => a - b);
  return { samples, p50Ms: percentile(durations, 0.5), p99Ms: percentile(durations, 0.99) };
}
