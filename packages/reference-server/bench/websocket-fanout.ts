import { readFileSync } from 'node:fs';
import { WEBSOCKET_PATH, WEBSOCKET_SUBPROTOCOL } from '@partner-assistant/contract';
import WebSocket from 'ws';
import type { LoadFixture } from './prepare-load.ts';

/** What {@link measureWebSocketFanout} measured. */
export interface WebSocketFanout {
  /** Sockets asking at once. */
  readonly sockets: number;
  /** `assistant.delta` frames received per second, all sockets together. */
  readonly deltasPerSecond: number;
  /** Every frame received per second (acceptances, labels, deltas, completions...). */
  readonly framesPerSecond: number;
  /**
   * `assistant.delta` frames per second of the server's own CPU time: the rate on one core of
   * its own, whatever else the machine runs (Linux only; else undefined).
   */
  readonly deltasPerCpuSecond: number | undefined;
  /** The server's CPU use during the window, in cores. */
  readonly serverCores: number | undefined;
  /** `user.message` sent to its `turn.accepted` received, under that load. */
  readonly acceptP50Ms: number;
  readonly acceptP99Ms: number;
  /** Frames that were not what a socket expected (`frame.rejected`, errors): 0 when sound. */
  readonly failures: number;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

/** CPU seconds a process has used (user + system), from /proc; undefined elsewhere. */
function cpuSeconds(pid: number | undefined): number | undefined {
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

function openSocket(fixture: LoadFixture): Promise<WebSocket> {
  const socket = new WebSocket(`${fixture.wsUrl}${WEBSOCKET_PATH}`, [
    WEBSOCKET_SUBPROTOCOL,
    fixture.token,
  ]);
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

/**
 * `sockets` sockets each keep `inFlight` questions asked over the channel, asking the next as soon
 * as one completes, for `seconds`: the rate of `assistant.delta` frames the server delivers, and
 * the time from each `user.message` to its `turn.accepted` under that load. The server runs on
 * one core (one Node process); this load generator runs in another process.
 */
export async function measureWebSocketFanout(
  fixture: LoadFixture,
  options: { sockets: number; inFlight: number; seconds: number; serverPid?: number | undefined },
): Promise<WebSocketFanout> {
  const sockets = await Promise.all(
    Array.from({ length: options.sockets }, () => openSocket(fixture)),
  );
  const sentAt = new Map<string, number>();
  const accepts: number[] = [];
  let deltas = 0;
  let frames = 0;
  let failures = 0;
  let asked = 0;
  let running = true;
  const ask = (socket: WebSocket) => {
    const clientMessageId = `ws-fanout-${process.pid}-${asked++}`;
    sentAt.set(clientMessageId, performance.now());
    socket.send(
      JSON.stringify({
        type: 'user.message',
        conversation_id: fixture.conversationId,
        client_message_id: clientMessageId,
        message: 'How do I renew my passport?',
      }),
    );
  };
  for (const socket of sockets) {
    socket.on('message', (data) => {
      frames += 1;
      const text = data.toString();
      // Most frames are deltas: counted without parsing.
      if (text.includes('"type":"assistant.delta"')) {
        deltas += 1;
        return;
      }
      const event = JSON.parse(text) as { type: string; turn?: { client_message_id?: string } };
      if (event.type === 'turn.accepted') {
        const id = event.turn?.client_message_id ?? '';
        const started = sentAt.get(id);
        sentAt.delete(id);
        if (started !== undefined) accepts.push(performance.now() - started);
      } else if (event.type === 'assistant.completed' || event.type === 'assistant.error') {
        if (running) ask(socket);
      } else if (event.type === 'frame.rejected') failures += 1;
    });
    socket.on('error', () => {
      failures += 1;
    });
  }
  // Warm-up, then the measured window.
  for (const socket of sockets) for (let index = 0; index < options.inFlight; index++) ask(socket);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  [deltas, frames, accepts.length] = [0, 0, 0];
  const started = performance.now();
  const cpuBefore = cpuSeconds(options.serverPid);
  await new Promise((resolve) => setTimeout(resolve, options.seconds * 1_000));
  const elapsed = (performance.now() - started) / 1_000;
  const cpuAfter = cpuSeconds(options.serverPid);
  const cpu = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
  const [measuredDeltas, measuredFrames] = [deltas, frames];
  const sorted = [...accepts].sort((a, b) => a - b);
  running = false;
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          socket.once('close', () => resolve());
          socket.close();
        }),
    ),
  );
  return {
    sockets: options.sockets,
    deltasPerSecond: Math.round(measuredDeltas / elapsed),
    framesPerSecond: Math.round(measuredFrames / elapsed),
    deltasPerCpuSecond: cpu ? Math.round(measuredDeltas / cpu) : undefined,
    serverCores: cpu === undefined ? undefined : Number((cpu / elapsed).toFixed(2)),
    acceptP50Ms: Number(percentile(sorted, 0.5).toFixed(3)),
    acceptP99Ms: Number(percentile(sorted, 0.99).toFixed(3)),
    failures,
  };
}
