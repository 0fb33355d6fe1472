import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PATH_PREFIX } from '@partner-assistant/contract';
import { type BenchChild, spawnBenchChild } from './child-process.ts';
import { type LoadOperation, type LoadResult, runLoad } from './load.ts';
import { measureAcceptLatency } from './websocket-latency.ts';

// Benchmarks of the reference server, printed as tables. Targets run in their own processes and
// are measured in interleaved rounds, so drift on the shared machine hits every target alike.
// BENCH_SECONDS (default 3) and BENCH_ROUNDS (default 2) set the length of each run.
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const STORED_MESSAGES = 100_000;

interface ReferenceReady {
  url: string;
  wsUrl: string;
  token: string;
  conversationId: string;
  historyConversationId: string;
  startMs: number;
}

function operationsFor(ready: ReferenceReady): Record<string, LoadOperation> {
  const headers = { authorization: `Bearer ${ready.token}` };
  return {
    'GET capabilities': { method: 'GET', path: `${PATH_PREFIX}/capabilities`, headers },
    'POST conversations': {
      method: 'POST',
      path: `${PATH_PREFIX}/conversations`,
      headers,
      body: () => '{}',
    },
    'POST messages': {
      method: 'POST',
      path: `${PATH_PREFIX}/conversations/${ready.conversationId}/messages`,
      headers,
      body: () =>
        JSON.stringify({ client_message_id: randomUUID(), message: 'How do I renew my passport?' }),
    },
    'GET history': {
      method: 'GET',
      path: `${PATH_PREFIX}/conversations/${ready.historyConversationId}/messages?limit=20`,
      headers,
    },
  };
}

async function captureBodies(ready: ReferenceReady): Promise<string> {
  const get = async (path: string) =>
    (
      await fetch(`${ready.url}${PATH_PREFIX}${path}`, {
        headers: { authorization: `Bearer ${ready.token}` },
      })
    ).json();
  const bodies = {
    capabilities: await get('/capabilities'),
    conversation: {
      conversation_id: randomUUID(),
      title: null,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    },
    turn: {
      turn_id: randomUUID(),
      conversation_id: ready.conversationId,
      status: 'queued',
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    },
    history: await get(`/conversations/${ready.historyConversationId}/messages?limit=20`),
  };
  const file = join(tmpdir(), `partner-assistant-bench-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(bodies));
  return file;
}

async function throughput(reference: BenchChild) {
  const ready = reference.ready as unknown as ReferenceReady;
  const bodiesFile = await captureBodies(ready);
  const baselines = {
    'express 5 (minimal)': await spawnBenchChild('./baseline-server.ts', ['express', bodiesFile]),
    'node:http (bare)': await spawnBenchChild('./baseline-server.ts', ['node-http', bodiesFile]),
  };
  const targets: Record<string, string> = { 'reference server': ready.url };
  for (const [name, child] of Object.entries(baselines)) targets[name] = String(child.ready.url);
  const results = new Map<string, LoadResult[]>();
  for (let round = 0; round < rounds; round++) {
    for (const [operationName, operation] of Object.entries(operationsFor(ready))) {
      for (const [targetName, url] of Object.entries(targets)) {
        const result = await runLoad(url, operation, { seconds });
        const key = `${operationName}|${targetName}`;
        results.set(key, [...(results.get(key) ?? []), result]);
      }
    }
  }
  await Promise.all(Object.values(baselines).map((child) => child.stop()));
  return {
    results,
    targetNames: Object.keys(targets),
    operationNames: Object.keys(operationsFor(ready)),
  };
}

function printThroughput({
  results,
  targetNames,
  operationNames,
}: Awaited<ReturnType<typeof throughput>>) {
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const rows = operationNames.map((operation) => {
    const summary = (target: string) => {
      const runs = results.get(`${operation}|${target}`) ?? [];
      return {
        rps: mean(runs.map((run) => run.requestsPerSecond)),
        p99: Math.max(...runs.map((run) => run.p99Ms)),
        failures: runs.reduce((sum, run) => sum + run.failures, 0),
      };
    };
    const [ours, expressApp, nodeHttp] = targetNames.map(summary) as [
      ReturnType<typeof summary>,
      ReturnType<typeof summary>,
      ReturnType<typeof summary>,
    ];
    return {
      operation,
      'reference req/s': Math.round(ours.rps),
      'reference p99 ms': ours.p99,
      'express req/s': Math.round(expressApp.rps),
      'node:http req/s': Math.round(nodeHttp.rps),
      'ratio vs express': Number((ours.rps / expressApp.rps).toFixed(2)),
      'ratio vs node:http': Number((ours.rps / nodeHttp.rps).toFixed(2)),
      'non-2xx/errors': ours.failures + expressApp.failures + nodeHttp.failures,
    };
  });
  console.log(
    `\nThroughput (${rounds} interleaved rounds of ${seconds}s, 32 connections; target: ratio vs express >= 0.6)`,
  );
  console.table(rows);
}

async function storedMessagesMemory() {
  const reference = await spawnBenchChild('./reference-target.ts', [], ['--expose-gc']);
  const ready = reference.ready as unknown as ReferenceReady;
  const measure = () =>
    new Promise<{ rss: number; heapUsed: number }>((resolve) => {
      reference.process.once('message', (value) =>
        resolve(value as { rss: number; heapUsed: number }),
      );
      reference.process.send('measure');
    });
  const idle = await measure();
  // Each accepted message also gets an assistant answer: half as many submissions as messages.
  const submission = operationsFor(ready)['POST messages']!;
  const load = await runLoad(ready.url, submission, {
    amount: STORED_MESSAGES / 2,
    connections: 16,
  });
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const loaded = await measure();
  await reference.stop();
  const mb = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));
  console.log(`\nMemory with ${STORED_MESSAGES} stored messages (target: RSS < 150 MB)`);
  console.table([
    {
      'idle RSS MB': mb(idle.rss),
      'loaded RSS MB': mb(loaded.rss),
      'loaded heap MB': mb(loaded.heapUsed),
      'failed submissions': load.failures,
    },
  ]);
}

const reference = await spawnBenchChild('./reference-target.ts');
const ready = reference.ready as unknown as ReferenceReady;
console.log(
  `Partner Assistant reference server benchmarks — node ${process.version}, ${new Date().toISOString()}`,
);
printThroughput(await throughput(reference));
const latency = await measureAcceptLatency(ready.wsUrl, ready.token, ready.conversationId, 2_000);
console.log('\nWebSocket user.message → turn.accepted (target: p99 < 5 ms)');
console.table([
  {
    samples: latency.samples,
    'p50 ms': Number(latency.p50Ms.toFixed(3)),
    'p99 ms': Number(latency.p99Ms.toFixed(3)),
  },
]);
await reference.stop();
await storedMessagesMemory();
const cold = await spawnBenchChild('./reference-target.ts');
console.log('\nStart-up (target: < 1 s)');
console.table([
  {
    'startReferenceServer() ms': Number(Number(cold.ready.startMs).toFixed(1)),
    'process spawn to ready ms (incl. node boot, tsx and setup calls)': Math.round(
      cold.readyAfterMs,
    ),
  },
]);
await cold.stop();
