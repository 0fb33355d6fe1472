import { WEBSOCKET_PATH, WEBSOCKET_SUBPROTOCOL } from '@partner-assistant/contract';
import WebSocket from 'ws';
import { askAndAwaitAcceptance } from './await-acceptance.mjs';
import { percentile } from './bench-sockets.ts';

/** Percentiles of the time from sending `user.message` to receiving its `turn.accepted`, ms. */
export interface AcceptLatency {
  readonly samples: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
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
    const frame = JSON.stringify({
      type: 'user.message',
      conversation_id: conversationId,
      client_message_id: clientMessageId,
      message: 'Where is the nearest town hall?',
    });
    await askAndAwaitAcceptance(socket, frame, clientMessageId);
    durations.push(performance.now() - started);
  }
  socket.close();
  durations.sort((a, b) => a - b);
  return { samples, p50Ms: percentile(durations, 0.5), p99Ms: percentile(durations, 0.99) };
}
