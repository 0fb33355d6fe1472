import type WebSocket from 'ws';
import { closeAll, cpuSeconds, openSocket, percentile, userMessage } from './bench-sockets.ts';
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
  /**
   * `user.message` sent to its `turn.accepted` received, under that load: with every socket
   * asking again as soon as an answer completes, the load saturates the server, and this is
   * mostly time spent queued behind the other sockets' frames (see `measureAcceptUnderLoad`).
   */
  readonly acceptP50Ms: number;
  readonly acceptP99Ms: number;
  /** Frames that were not what a socket expected (`frame.rejected`, errors): 0 when sound. */
  readonly failures: number;
}

/** The question every benchmark socket asks: its answer always streams the same deltas. */
export const BENCH_QUESTION = 'How do I renew my passport?';

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
    socket.send(userMessage(fixture, clientMessageId, BENCH_QUESTION));
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
  await closeAll(sockets);
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
