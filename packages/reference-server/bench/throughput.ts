import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PATH_PREFIX } from '@partner-assistant/contract';
import { spawnBenchChild } from './child-process.ts';
import { type LoadOperation, type LoadResult, runLoad } from './load.ts';
import type { LoadFixture } from './prepare-load.ts';

/** The four measured operations against a prepared fixture. */
export function operationsFor(fixture: LoadFixture): Record<string, LoadOperation> {
  const headers = { authorization: `Bearer ${fixture.token}` };
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
      path: `${PATH_PREFIX}/conversations/${fixture.conversationId}/messages`,
      headers,
      body: () =>
        JSON.stringify({ client_message_id: randomUUID(), message: 'How do I renew my passport?' }),
    },
    'GET history': {
      method: 'GET',
      path: `${PATH_PREFIX}/conversations/${fixture.historyConversationId}/messages?limit=20`,
      headers,
    },
  };
}

/** Real response bodies of the reference server, for the baselines to answer verbatim. */
async function captureBodies(fixture: LoadFixture): Promise<string> {
  const get = async (path: string) =>
    (
      await fetch(`${fixture.url}${PATH_PREFIX}${path}`, {
        headers: { authorization: `Bearer ${fixture.token}` },
      })
    ).json();
  const created = await fetch(`${fixture.url}${PATH_PREFIX}/conversations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${fixture.token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  const bodies = {
    capabilities: await get('/capabilities'),
    conversation: await created.json(),
    turn: await get(
      `/turns/${(await get(`/conversations/${fixture.historyConversationId}/messages?limit=1`)).messages[0].turn_id}`,
    ),
    history: await get(`/conversations/${fixture.historyConversationId}/messages?limit=20`),
  };
  const file = join(tmpdir(), `partner-assistant-bench-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(bodies));
  return file;
}

/** Mean req/s, worst p99 and failures of each operation on each target, over interleaved rounds. */
export async function measureThroughput(
  fixture: LoadFixture,
  options: { seconds: number; rounds: number },
) {
  const bodiesFile = await captureBodies(fixture);
  const baselines = [
    [
      'express 5 (minimal)',
      await spawnBenchChild('./baseline-server.mjs', ['express', bodiesFile]),
    ],
    ['node:http (bare)', await spawnBenchChild('./baseline-server.mjs', ['node-http', bodiesFile])],
  ] as const;
  const targets: [string, string][] = [
    ['reference server', fixture.url],
    ...baselines.map(([name, child]): [string, string] => [name, String(child.ready.url)]),
  ];
  const operations = Object.entries(operationsFor(fixture));
  // Warm-up: let every target's JIT settle on every operation before anything is recorded.
  for (const [, operation] of operations)
    for (const [, url] of targets) await runLoad(url, operation, { seconds: 1 });
  const results = new Map<string, LoadResult[]>();
  for (let round = 0; round < options.rounds; round++) {
    for (const [operationName, operation] of operations) {
      for (const [targetName, url] of targets) {
        const key = `${operationName}|${targetName}`;
        results.set(key, [
          ...(results.get(key) ?? []),
          await runLoad(url, operation, { seconds: options.seconds }),
        ]);
      }
    }
  }
  await Promise.all(baselines.map(([, child]) => child.stop()));
  return operations.map(([operation]) => {
    const summary = (target: string) => {
      const runs = results.get(`${operation}|${target}`) ?? [];
      return {
        rps: runs.reduce((sum, run) => sum + run.requestsPerSecond, 0) / runs.length,
        p99: Math.max(...runs.map((run) => run.p99Ms)),
        failures: runs.reduce((sum, run) => sum + run.failures, 0),
      };
    };
    const [ours, express, nodeHttp] = targets.map(([name]) => summary(name)) as [
      ReturnType<typeof summary>,
      ReturnType<typeof summary>,
      ReturnType<typeof summary>,
    ];
    return {
      operation,
      'reference req/s': Math.round(ours.rps),
      'reference p99 ms': ours.p99,
      'express req/s': Math.round(express.rps),
      'node:http req/s': Math.round(nodeHttp.rps),
      'ratio vs express': Number((ours.rps / express.rps).toFixed(2)),
      'ratio vs node:http': Number((ours.rps / nodeHttp.rps).toFixed(2)),
      'non-2xx/errors': ours.failures + express.failures + nodeHttp.failures,
    };
  });
}
