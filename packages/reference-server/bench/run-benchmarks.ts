import { spawnBenchChild } from './child-process.ts';
import { prepareLoad } from './prepare-load.ts';
import { spawnReferenceTarget, targetUrls } from './reference-target.ts';
import { measureStoredMessagesMemory } from './stored-messages-memory.ts';
import { measureThroughput } from './throughput.ts';
import { measureWebSocketFanout } from './websocket-fanout.ts';
import { measureAcceptLatency } from './websocket-latency.ts';
import { measureAcceptUnderLoad } from './websocket-probe.ts';

// Benchmarks of the reference server, printed as tables (`pnpm bench`, never part of the tests).
// Targets are the built packages run by plain Node, each in its own process, measured in
// interleaved rounds so drift on the shared machine hits every target alike. The load generator
// shares the machine's cores: compare ratios, not absolute figures.
// BENCH_SECONDS (default 3), BENCH_ROUNDS (default 2), BENCH_STORED_MESSAGES (default 100000),
// BENCH_WS_RATE (questions per second of the fixed WebSocket load, default 2500),
// BENCH_ONLY (a comma-separated subset of throughput, latency, websocket, memory, startup).
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const storedMessages = Number(process.env.BENCH_STORED_MESSAGES ?? 100_000);
const wsRate = Number(process.env.BENCH_WS_RATE ?? 2_500);
const only = new Set(
  (process.env.BENCH_ONLY ?? 'throughput,latency,websocket,memory,startup').split(','),
);

console.log(
  `Partner Assistant reference server benchmarks: node ${process.version}, ${new Date().toISOString()}`,
);

if (only.has('throughput') || only.has('latency') || only.has('websocket')) {
  const reference = await spawnReferenceTarget();
  const fixture = await prepareLoad(targetUrls(reference));
  if (only.has('throughput')) {
    console.log(
      `\nThroughput (${rounds} interleaved rounds of ${seconds} s, 32 connections; targets: ratio vs node:http >= 0.5 for capabilities and conversations, >= 0.4 for messages and history)`,
    );
    console.table(await measureThroughput(fixture, { seconds, rounds }));
  }
  if (only.has('latency')) {
    const latency = await measureAcceptLatency(
      fixture.wsUrl,
      fixture.token,
      fixture.conversationId,
      2_000,
    );
    console.log(
      '\nWebSocket user.message to turn.accepted, one socket, no other load (target: p99 < 2 ms)',
    );
    console.table([
      {
        samples: latency.samples,
        'p50 ms': Number(latency.p50Ms.toFixed(3)),
        'p99 ms': Number(latency.p99Ms.toFixed(3)),
      },
    ]);
  }
  if (only.has('websocket')) {
    const fanout = await measureWebSocketFanout(fixture, {
      sockets: 100,
      inFlight: 4,
      seconds,
      serverPid: reference.process.pid,
    });
    console.log(
      '\nWebSocket, 100 sockets each keeping 4 questions asked, which saturates the server (target: >= 50,000 assistant.delta per second of one core; the acceptance times here are mostly queueing behind the other sockets)',
    );
    console.table([fanout]);
    const underLoad = await measureAcceptUnderLoad(fixture, {
      sockets: 100,
      questionsPerSecond: wsRate,
      seconds,
      probeEveryMs: 5,
      serverPid: reference.process.pid,
    });
    console.log(
      `\nWebSocket user.message to turn.accepted on a probe socket asking one question at a time (every 5 ms), while 100 sockets ask ${wsRate} questions per second between them on a fixed schedule, below saturation (target: p99 < 2 ms)`,
    );
    console.table([underLoad]);
  }
  await reference.stop();
}

if (only.has('memory')) {
  console.log(
    `\nMemory with ${storedMessages} stored messages (targets: heap <= 200 B per message, RSS <= 300 MB, erasure releases >= 95 %)`,
  );
  console.table([await measureStoredMessagesMemory(storedMessages)]);
}

if (only.has('startup')) {
  const cold = await spawnReferenceTarget();
  await cold.stop();
  // The CLI as `npx partner-assistant-server` runs it, started one after another: the median of
  // five, as one start on a shared machine says little.
  const readyAfterMs: number[] = [];
  for (let run = 0; run < 5; run++) {
    const cli = await spawnBenchChild('../dist/cli.js', ['--port', '0']);
    readyAfterMs.push(cli.readyAfterMs);
    await cli.stop();
  }
  readyAfterMs.sort((a, b) => a - b);
  console.log('\nStart-up (target: CLI ready < 300 ms)');
  console.table([
    {
      'startReferenceServer() ms': Number(Number(cold.ready.startMs).toFixed(1)),
      'CLI spawn to ready line ms, median of 5 (incl. node boot)': Math.round(readyAfterMs[2]!),
      'min–max ms': `${Math.round(readyAfterMs[0]!)}–${Math.round(readyAfterMs[4]!)}`,
    },
  ]);
}
