import { PATH_PREFIX } from '@partner-assistant/contract';
import { startReferenceServer } from '../src/index.ts';
import { BENCH_CREDENTIALS, benchConfig } from './bench-config.ts';

// The reference server as a benchmark target, in its own process. Prints one JSON ready line with
// its URLs, a user token and the conversations the load uses; answers `measure` over IPC with its
// memory after a full garbage collection.
const startedAt = performance.now();
const server = await startReferenceServer({ config: benchConfig, port: 0, host: '127.0.0.1' });
const startMs = performance.now() - startedAt;

const basic = `Basic ${btoa(`${BENCH_CREDENTIALS.clientId}:${BENCH_CREDENTIALS.clientSecret}`)}`;
async function call(method: string, path: string, authorization: string, body?: unknown) {
  const response = await fetch(`${server.url}${PATH_PREFIX}${path}`, {
    method,
    headers: { authorization, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

const token = String(
  (await call('POST', '/tokens', basic, { external_user_id: 'bench-user' })).access_token,
);
const bearer = `Bearer ${token}`;
const conversationId = String((await call('POST', '/conversations', bearer, {})).conversation_id);
const historyConversationId = String(
  (await call('POST', '/conversations', bearer, { title: 'History' })).conversation_id,
);
for (let index = 0; index < 10; index++) {
  await call('POST', `/conversations/${historyConversationId}/messages`, bearer, {
    client_message_id: `history-${index}`,
    message: `Question ${index} about renewing a passport in Lyon`,
  });
}

process.on('message', (request) => {
  if (request !== 'measure') return;
  globalThis.gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  process.send?.({ rss, heapUsed });
});
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
console.log(
  JSON.stringify({
    url: server.url,
    wsUrl: server.wsUrl,
    token,
    conversationId,
    historyConversationId,
    startMs,
  }),
);
