import { on } from 'node:events';
import { Worker } from 'node:worker_threads';
import { WEBSOCKET_PATH, WEBSOCKET_SUBPROTOCOL } from '@partner-assistant/contract';
import type WebSocket from 'ws';
import { closeAll, cpuSeconds, openSocket, percentile, userMessage } from './bench-sockets.ts';
import type { LoadFixture } from './prepare-load.ts';
import { BENCH_QUESTION } from './websocket-fanout.ts';

/** What {@link measureAcceptUnderLoad} measured. */
export interface AcceptUnderLoad {
  /** Sockets streaming answers meanwhile. */
  readonly sockets: number;
  /** Questions the sockets asked per second, all together, on a fixed schedule. */
  readonly questionsPerSecond: number;
  /** `assistant.delta` frames they received per second. */
  readonly deltasPerSecond: number;
  /** The server's CPU use during the window, in cores (Linux only). */
  readonly serverCores: number | undefined;
  /** Acceptances the probe timed. */
  readonly samples: number;
  /** The probe's `user.message` sent to its `turn.accepted` received. */
  readonly acceptP50Ms: number;
  readonly acceptP99Ms: number;
  /** Frames that were not what a socket expected (`frame.rejected`, errors): 0 when sound. */
  readonly failures: number;
}

/**
 * `user.message` → `turn.accepted` under a fixed load below saturation: `sockets` sockets ask
 * `questionsPerSecond` questions between them on a fixed schedule (each every
 * `sockets / questionsPerSecond` s, whatever the answers' pace) and receive their answers'
 * frames, while one more socket, the probe, asks one question at a time, every `probeEveryMs`,
 * and times each acceptance, on a thread of its own (`accept-probe-worker.mjs`) so that the load's
 * frames never hold up its own. Under a load that saturates the server, the latency would be the
 * time queued behind other sockets' frames, growing with the load rather than telling the
 * server's own.
 */
export async function measureAcceptUnderLoad(
  fixture: LoadFixture,
  options: {
    sockets: number;
    questionsPerSecond: number;
    seconds: number;
    probeEveryMs: number;
    serverPid?: number | undefined;
  },
): Promise<AcceptUnderLoad> {
  const sockets = await Promise.all(
    Array.from({ length: options.sockets }, () => openSocket(fixture)),
  );
  const probe = new Worker(new URL('./accept-probe-worker.mjs', import.meta.url), {
    workerData: {
      channelUrl: `${fixture.wsUrl}${WEBSOCKET_PATH}`,
      protocols: [WEBSOCKET_SUBPROTOCOL, fixture.token],
      conversationId: fixture.conversationId,
      question: BENCH_QUESTION,
      everyMs: options.probeEveryMs,
    },
  });
  const probeMessages = on(probe, 'message');
  await probeMessages.next();
  let deltas = 0;
  let failures = 0;
  let asked = 0;
  const count = (data: WebSocket.RawData) => {
    const text = data.toString();
    if (text.includes('"type":"assistant.delta"')) deltas += 1;
    else if (text.includes('"type":"frame.rejected"')) failures += 1;
  };
  for (const socket of sockets) {
    socket.on('message', count);
    socket.on('error', () => {
      failures += 1;
    });
  }
  const everyMs = (1_000 * options.sockets) / options.questionsPerSecond;
  const timers = sockets.map((socket, index) => {
    const ask = () =>
      socket.send(userMessage(fixture, `ws-load-${process.pid}-${asked++}`, BENCH_QUESTION));
    return setTimeout(
      () => timers.push(setInterval(ask, everyMs)),
      (everyMs * index) / options.sockets,
    );
  });
  // Warm-up, then the measured window.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  [deltas, failures] = [0, 0];
  probe.postMessage('reset');
  const started = performance.now();
  const cpuBefore = cpuSeconds(options.serverPid);
  await new Promise((resolve) => setTimeout(resolve, options.seconds * 1_000));
  const elapsed = (performance.now() - started) / 1_000;
  const cpuAfter = cpuSeconds(options.serverPid);
  const measuredDeltas = deltas;
  probe.postMessage('stop');
  const accepts = (await probeMessages.next()).value[0] as number[];
  const sorted = accepts.sort((a, b) => a - b);
  for (const timer of timers) clearInterval(timer);
  await probe.terminate();
  await closeAll(sockets);
  const cpu = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
  return {
    sockets: options.sockets,
    questionsPerSecond: options.questionsPerSecond,
    deltasPerSecond: Math.round(measuredDeltas / elapsed),
    serverCores: cpu === undefined ? undefined : Number((cpu / elapsed).toFixed(2)),
    samples: sorted.length,
    acceptP50Ms: Number(percentile(sorted, 0.5).toFixed(3)),
    acceptP99Ms: Number(percentile(sorted, 0.99).toFixed(3)),
    failures,
  };
}
