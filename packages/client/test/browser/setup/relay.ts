/**
 * A TCP relay in front of the shared reference server, for tests of an unreachable API: stopped,
 * its port refuses connections and the sockets through it are cut (as when the server goes
 * down); started again, it listens on the same port. The server behind it keeps its data, and
 * the other test files never notice.
 */
import { createServer, type Server, Socket } from 'node:net';

interface Relay {
  server: Server;
  port: number;
  target: URL;
  sockets: Set<Socket>;
}

/** The running relays, by their URL. */
const relays = new Map<string, Relay>();

function listen(relay: Relay): Promise<void> {
  relay.server = createServer((inbound) => {
    const outbound = new Socket();
    for (const socket of [inbound, outbound]) {
      relay.sockets.add(socket);
      socket.on('close', () => relay.sockets.delete(socket));
      socket.on('error', () => {
        inbound.destroy();
        outbound.destroy();
      });
    }
    outbound.connect(Number(relay.target.port), relay.target.hostname);
    inbound.pipe(outbound).pipe(inbound);
  });
  return new Promise((resolve, reject) => {
    relay.server.once('error', reject);
    relay.server.listen(relay.port, '127.0.0.1', () => {
      relay.port = (relay.server.address() as { port: number }).port;
      resolve();
    });
  });
}

/** Starts a relay to `target` (an `http://host:port` URL) on a free port; returns its URL. */
export async function openRelay(target: string): Promise<string> {
  const relay: Relay = {
    server: createServer(),
    port: 0,
    target: new URL(target),
    sockets: new Set(),
  };
  await listen(relay);
  const url = `http://127.0.0.1:${relay.port}`;
  relays.set(url, relay);
  return url;
}

/** Stops (`false`) or starts again (`true`) the relay at `url`; a stop cuts its connections. */
export async function setRelayUp(url: string, up: boolean): Promise<void> {
  const relay = relays.get(url);
  if (!relay) throw new Error(`No relay at ${url}`);
  if (up) {
    if (!relay.server.listening) await listen(relay);
    return;
  }
  const closed = new Promise<void>((resolve) => relay.server.close(() => resolve()));
  for (const socket of relay.sockets) socket.destroy();
  await closed;
}

/** Stops the relay at `url` for good. */
export async function closeRelay(url: string): Promise<void> {
  await setRelayUp(url, false).catch(() => {});
  relays.delete(url);
}
