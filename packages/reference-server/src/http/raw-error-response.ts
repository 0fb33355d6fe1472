import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { EngineResponse } from '../engine/index.ts';

/**
 * Writes an error envelope straight onto a socket and closes it, for the two places where no
 * express response exists: a request Node could not parse, and a refused WebSocket upgrade.
 */
export function writeRawErrorResponse(socket: Duplex, response: EngineResponse): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const json = JSON.stringify(response.body);
  const lines = [
    `HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? 'Error'}`,
    ...Object.entries(response.headers).map(([name, value]) => `${name}: ${value}`),
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(json)}`,
    'Connection: close',
  ];
  socket.end(`${lines.join('\r\n')}\r\n\r\n${json}`);
}
