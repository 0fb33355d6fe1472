/**
 * Realtime figures on loopback against the built reference server: how long a stream takes to
 * hear from its turn again after its socket was cut mid-answer, and the heap an open stream holds.
 */
import { PartnerBackend } from '@partner-assistant/backend';
import { PartnerAssistantClient } from '@partner-assistant/client';
import { DEMO_CONFIG, startReferenceServer } from '@partner-assistant/reference-server';

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

async function serverWith(processingMs: number) {
  const server = await startReferenceServer({
    port: 0,
    host: '127.0.0.1',
    config: { ...DEMO_CONFIG, assistant: { processing_ms: processingMs } },
  });
  const limits = { requests_per_minute: 100_000, concurrent_turns: 5000, daily_messages: 100_000 };
  const tenant = server.control.tenants.create({ limits });
  const backend = new PartnerBackend({
    baseUrl: server.url,
    clientId: tenant.clientId,
    clientSecret: tenant.clientSecret,
  });
  const externalUserId = `bench-${crypto.randomUUID()}`;
  const client = new PartnerAssistantClient({
    baseUrl: server.url,
    token: () => backend.issueToken({ externalUserId }),
  });
  return { server, tenant, client };
}

/** Time from a socket cut (mid-answer) to the next event of the same stream, over `rounds` turns. */
export async function measureRecovery(rounds = 30): Promise<string> {
  const { server, tenant, client } = await serverWith(600);
  const { conversation_id } = await client.conversations.create();
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const stream = client.chat.send({
      conversationId: conversation_id,
      message: `Question ${i} about the town hall?`,
    });
    let cutAt: number | undefined;
    stream.on('event', () => {
      if (cutAt === undefined) return;
      samples.push(performance.now() - cutAt);
      cutAt = undefined;
    });
    const stop = stream.on('delta', () => {
      stop();
      cutAt = performance.now();
      server.control.faults.dropSockets({ tenant: tenant.clientId });
    });
    await stream.finalMessage();
  }
  await client.close();
  await server.close();
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  return `recovery after a socket cut mid-answer (${samples.length} turns): median ${ms(quantile(samples, 0.5))}, p95 ${ms(quantile(samples, 0.95))}, max ${ms(Math.max(...samples))} (includes the 0-250 ms reconnection jitter)`;
}

/** Heap held per open stream, with `count` turns streaming at once. */
export async function measureStreamMemory(count = 1000): Promise<string> {
  const gc = (globalThis as { gc?: () => void }).gc;
  const { server, client } = await serverWith(600_000);
  const { conversation_id } = await client.conversations.create();
  client.connection.connect();
  await new Promise<void>((resolve) =>
    client.connection.on('statechange', (s) => s === 'open' && resolve()),
  );
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const streams = Array.from({ length: count }, (_, i) =>
    client.chat.send({ conversationId: conversation_id, message: `Question ${i}?` }),
  );
  await Promise.all(streams.map((stream) => stream.turnId));
  gc?.();
  const perStream = (process.memoryUsage().heapUsed - before) / count;
  await client.close();
  await server.close();
  const note = gc ? '' : ' (run node with --expose-gc for a steadier figure)';
  return `memory per open stream (${count} streams, client and in-process server): ${(perStream / 1024).toFixed(1)} KB of heap${note}`;
}
