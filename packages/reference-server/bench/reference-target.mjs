// The built reference server as a benchmark target, in its own process (plain Node, no loader,
// as partners run it). Prints one JSON ready line with its URLs and start-up time; answers
// `measure` over IPC with its memory after a full GC. It makes no requests itself, so its memory
// is the server's alone.
import { startReferenceServer } from '@partner-assistant/reference-server';

const { config } = JSON.parse(process.argv[2]);
const startedAt = performance.now();
const server = await startReferenceServer({ config, port: 0, host: '127.0.0.1', selfCheck: false });
const startMs = performance.now() - startedAt;

process.on('message', (request) => {
  if (request !== 'measure') return;
  globalThis.gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  process.send?.({ rss, heapUsed });
});
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
console.log(JSON.stringify({ url: server.url, wsUrl: server.wsUrl, startMs }));
