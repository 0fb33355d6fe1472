import { expect, it } from 'vitest';
import type { ConnectionState } from '../../src/index.ts';
import {
  clientFor,
  createTenant,
  StandardWebSocket,
  until,
  useReferenceServer,
} from '../support/reference-server.ts';

const env = useReferenceServer({ clock: 'manual', processingMs: 80 });

it('rate-limited handshakes (4429) are retried with backoff until the window resets', async () => {
  // Three requests a minute: the token, the first handshake, one reconnection.
  const limited = createTenant(env.server, { limits: { requests_per_minute: 3 } });
  const backoffAttempts: number[] = [];
  const closeCodes: number[] = [];
  class RecordingWebSocket extends StandardWebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols);
      (this as unknown as EventTarget).addEventListener('close', (event) =>
        closeCodes.push((event as CloseEvent).code),
      );
    }
  }
  const { client } = clientFor(env.server, limited, {
    WebSocket: RecordingWebSocket,
    reconnectBackoff: (attempt) => {
      backoffAttempts.push(attempt);
      return 20;
    },
  });
  const states: ConnectionState[] = [];
  client.connection.on('statechange', (state) => states.push(state));
  client.connection.connect();
  await until(() => client.connection.state === 'open');
  env.server.control.faults.dropSockets({ tenant: limited.clientId });
  await until(() => states.filter((s) => s === 'open').length === 2);
  env.server.control.faults.dropSockets({ tenant: limited.clientId });
  await until(() => backoffAttempts.length >= 3); // refused again and again, waiting between tries
  expect(client.connection.state).toBe('reconnecting');
  expect(closeCodes.filter((code) => code === 4429).length).toBeGreaterThanOrEqual(2);
  expect(backoffAttempts.slice(0, 3)).toEqual([1, 2, 3]);
  env.server.control.clock.advance(60_000); // the window resets
  await until(() => client.connection.state === 'open');
  await client.close();
});
