/**
 * A TCP proxy between a client and the reference server, to take the network away and give it
 * back without restarting the server: `cut()` destroys every connection and refuses new ones,
 * `deafen()` lets what the client sends through but drops every answer, `restore()` passes all.
 */
import { createServer, type Socket } from 'node:net';

/** A running proxy; `url` replaces the server's URL in the client's options. */
export interface TcpProxy {
  url: string;
  /** Destroys every connection and refuses new ones, until `restore()`. */
  cut(): void;
  /** Forwards what clients send, drops what the server answers (a request lost on the way back). */
  deafen(): void;
  /** Passes everything again. */
  restore(): void;
  close(): Promise<void>;
}

/** Starts a proxy on a free loopback port, forwarding to `target` (`http://127.0.0.1:port`). */
export async function startTcpProxy(target: string): Promise<TcpProxy> {
  const { hostname, port } = new URL(target);
  let mode: 'pass' | 'cut' | 'deaf' = 'pass';
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    if (mode === 'cut') {
      client.destroy();
      return;
    }
    const upstream = new (client.constructor as typeof Socket)();
    upstream.connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (data) => upstream.write(data));
    upstream.on('data', (data) => {
      if (mode === 'pass') client.write(data);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    cut() {
      mode = 'cut';
      for (const socket of sockets) socket.destroy();
    },
    deafen() {
      mode = 'deaf';
    },
    restore() {
      mode = 'pass';
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
