import { startReferenceServer } from '@partner-assistant/reference-server';
import { expect, it } from 'vitest';
import { runConformance } from '../src/index.ts';
import { config, runOptions } from './support/conformance-server.ts';

// A deployment that answers at once keeps the specification as well as a slow one: a turn may
// end before a client resends its question or subscribes to it, and the snapshot is then its end.
it('passes the stream rules against a server whose turns end within a millisecond', async () => {
  const server = await startReferenceServer({
    config: { ...config, assistant: { processing_ms: 1 } },
    port: 0,
    host: '127.0.0.1',
  });
  try {
    const report = await runConformance({ ...runOptions(server.url), only: ['websocket'] });
    const failures = report.results.filter((result) => result.status === 'failed');
    expect(failures.map((result) => `${result.id}: ${result.detail}`)).toEqual([]);
  } finally {
    await server.close();
  }
});
