/**
 * A small proxy in front of the reference server that breaks one rule on purpose, the way a
 * faulty gateway or a drifted deployment would: it rewrites REST answers, swaps credentials or
 * drops WebSocket events. The conformance kit must name the broken rule.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';

/** A REST exchange the drift may rewrite. */
export interface Exchange {
  method: string;
  path: string;
  authorization: string | undefined;
  status: number;
  body: unknown;
}

/** How the proxy drifts from the reference server. */
export interface Drift {
  /** May change the request's Authorization header before it is forwarded. */
  authorization?(request: {
    method: string;
    path: string;
    authorization: string | undefined;
  }): string | undefined;
  /** May rewrite the answer's status and JSON body. */
  answer?(exchange: Exchange): { status: number; body: unknown } | undefined;
  /** Keeps (true) or drops (false) a WebSocket event on its way to the client. */
  event?(event: { type?: unknown }): boolean;
}

/** A running proxy. */
export interface DriftingProxy {
  url: string;
  wsUrl: string;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function forward(upstream: string, drift: Drift) {
  return async (request: IncomingMessage, response: ServerResponse) => {
    const method = request.method ?? 'GET';
    const path = request.url ?? '/';
    const original = request.headers.authorization;
    const authorization =
      drift.authorization?.({ method, path, authorization: original }) ?? original;
    const body = await readBody(request);
    const answer = await fetch(`${upstream}${path}`, {
      method,
      headers: {
        ...(authorization ? { authorization } : {}),
        ...(request.headers['content-type']
          ? { 'content-type': request.headers['content-type'] }
          : {}),
      },
      body: body.length > 0 ? new Uint8Array(body) : undefined,
    });
    const text = await answer.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    const rewritten = drift.answer?.({
      method,
      path,
      authorization,
      status: answer.status,
      body: parsed,
    });
    const headers: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'transfer-encoding' && name !== 'connection')
        headers[name] = value;
    });
    response.writeHead(rewritten?.status ?? answer.status, headers);
    response.end(rewritten ? JSON.stringify(rewritten.body) : text);
  };
}

/** Starts the proxy on a free loopback port, in front of `upstream`. */
export async function startDriftingProxy(
  upstream: { url: string; wsUrl: string },
  drift: Drift,
): Promise<DriftingProxy> {
  const server = createServer((request, response) => {
    forward(upstream.url, drift)(request, response).catch(() => response.destroy());
  });
  const sockets = new WebSocketServer({
    server,
    handleProtocols: (protocols) => [...protocols][0] ?? false,
  });
  sockets.on('connection', (client, request) => {
    const protocols = String(request.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const server = new WebSocket(`${upstream.wsUrl}${request.url}`, protocols);
    const pending: string[] = [];
    server.on('open', () => {
      for (const frame of pending.splice(0)) server.send(frame);
    });
    client.on('message', (data) => {
      if (server.readyState === WebSocket.OPEN) server.send(data.toString());
      else pending.push(data.toString());
    });
    server.on('message', (data) => {
      const event = JSON.parse(data.toString()) as { type?: unknown };
      if (drift.event?.(event) ?? true) client.send(data.toString());
    });
    server.on('close', (code) =>
      client.close(code >= 1000 && code !== 1005 && code !== 1006 ? code : 1011),
    );
    server.on('error', () => client.terminate());
    client.on('close', () => server.close());
    client.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const client of sockets.clients) client.terminate();
        sockets.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
