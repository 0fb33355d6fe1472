/**
 * A small scripted server for robustness tests: node:http for REST and `ws` for the channel, on a
 * free port, doing exactly what the test says (and counting what the client asked for). Nothing
 * of the reference server: this one misbehaves on purpose.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import NodeWebSocket, { type WebSocket, WebSocketServer } from 'ws';
import {
  PartnerAssistantClient,
  type PartnerAssistantClientOptions,
  type PartnerLogger,
} from '../../src/index.node.ts';
import { PartnerAssistantClient as PortableClient } from '../../src/partner-assistant-client.ts';
import type { Timers, WebSocketConstructor } from '../../src/realtime/platform.ts';

/** What the channel script receives: the socket and each frame the client sent. */
export interface ChannelScript {
  /** A socket opened (after the handshake). */
  onOpen?(socket: WebSocket): void;
  /** A frame from the client; a `ping` is answered with a `pong` unless this returns true. */
  onFrame?(socket: WebSocket, frame: Record<string, unknown>): boolean | undefined;
}

/** What the REST script answers: a status and a body (text or JSON), or nothing (to hang). */
export type RestScript = (
  request: { method: string; path: string; body: unknown },
  response: ServerResponse,
) => { status: number; body: unknown } | undefined;

/** A running scripted server. */
export interface ScriptedServer {
  baseUrl: string;
  /** Sockets opened, REST requests received (by `METHOD path`). */
  counts: { sockets: number; requests: string[] };
  /** Closes everything, sockets included. */
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString();
  return text ? JSON.parse(text) : undefined;
}

/** Starts a scripted server on a free loopback port. */
export async function startScriptedServer(
  channel: ChannelScript = {},
  rest: RestScript = () => ({ status: 404, body: {} }),
): Promise<ScriptedServer> {
  const counts = { sockets: 0, requests: [] as string[] };
  const http = createServer(async (request, response) => {
    const path = (request.url ?? '').replace('/api/partners/v1', '');
    counts.requests.push(`${request.method} ${path}`);
    const answer = rest(
      { method: request.method ?? '', path, body: await readBody(request) },
      response,
    );
    if (!answer) return; // hangs
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    response.writeHead(answer.status, {
      'content-type': 'application/json',
      'x-request-id': '0b6b3c54-3f7e-4c8e-9a43-6b1de1f0c2aa',
    });
    response.end(text);
  });
  const wss = new WebSocketServer({ server: http, handleProtocols: () => 'service.partner.v1' });
  wss.on('connection', (socket) => {
    counts.sockets++;
    socket.on('error', () => {});
    channel.onOpen?.(socket);
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Record<string, unknown>;
      if (channel.onFrame?.(socket, frame)) return;
      if (frame.type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    counts,
    close: async () => {
      for (const socket of wss.clients) socket.terminate();
      wss.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** Warnings the client logged, as `message {context}` lines. */
export function recordingLogger(): PartnerLogger & { warnings: string[] } {
  const warnings: string[] = [];
  return {
    warnings,
    warn: (message, context) => warnings.push(`${message} ${JSON.stringify(context)}`),
  };
}

/**
 * A client of `server` with short recovery windows, `ws` as its WebSocket, no lifecycle; on
 * `timers` when given (to see when none is left to fire).
 */
export function scriptedClient(
  server: ScriptedServer,
  options: Partial<PartnerAssistantClientOptions> = {},
  timers?: Timers,
): PartnerAssistantClient {
  const settings: PartnerAssistantClientOptions = {
    baseUrl: server.baseUrl,
    token: 'token',
    lifecycle: false,
    recoveryWindowMs: 300,
    streamIdleTimeoutMs: 300,
    maxRetries: 1,
    reconnectBackoff: (attempt) => Math.min(1000, 50 * 2 ** attempt),
    ...options,
  };
  if (!timers) return new PartnerAssistantClient(settings);
  const fallbackWebSocket = () => NodeWebSocket as unknown as WebSocketConstructor;
  return new PortableClient(settings, { fallbackWebSocket, timers });
}

/** Settles within `ms`, or says it did not. */
export function settledWithin<T>(promise: Promise<T>, ms: number): Promise<'settled' | 'pending'> {
  return Promise.race([
    promise.then(
      () => 'settled' as const,
      () => 'settled' as const,
    ),
    new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), ms)),
  ]);
}
