import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { EngineResponse } from '@partner-assistant/engine/transport';
import { BASE_HEADERS } from '@partner-assistant/engine/transport';

/**
 * Writes an error envelope straight onto a socket and closes it, for the places where no HTTP
 * response object exists: a request Node could not parse, and a refused WebSocket upgrade. It
 * carries the same headers as every other answer (CORS, `Cache-Control: no-store`).
 */
export function writeRawErrorResponse(socket: Duplex, response: EngineResponse): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const json = JSON.stringify(response.body);
  const headers = { ...BASE_HEADERS, ...response.headers };
  const lines = [
    `HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? 'Error'}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    `Content-Length: ${Buffer.byteLength(json)}`,
    'Connection: close',
  ];
  socket.end(`${lines.join('\r\n')}\r\n\r\n${json}`);
}
