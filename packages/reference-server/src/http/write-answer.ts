import type { ServerResponse } from 'node:http';
import { HTTP_HEADERS } from '@partner-assistant/contract';
import {
  BASE_HEADERS,
  type EngineResponse,
  outOfBandRequestId,
} from '@partner-assistant/engine/transport';

/**
 * Writes an engine answer: the base headers, then the engine's (which may replace
 * `Cache-Control`), and the JSON body with its length.
 */
export function writeAnswer(res: ServerResponse, response: EngineResponse): void {
  const json = JSON.stringify(response.body);
  const headers: Record<string, string | number> = { ...BASE_HEADERS, ...response.headers };
  headers['Content-Length'] = Buffer.byteLength(json);
  res.writeHead(response.status, headers);
  res.end(json);
}

/** Writes the `204` answer of a CORS preflight, with its own request id. */
export function writePreflight(res: ServerResponse, headers: Record<string, string>): void {
  res.writeHead(204, {
    ...headers,
    [HTTP_HEADERS.requestId]: outOfBandRequestId(),
    'Cache-Control': 'no-store',
  });
  res.end();
}
