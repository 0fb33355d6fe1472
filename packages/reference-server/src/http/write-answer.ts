import type { ServerResponse } from 'node:http';
import { BASE_HEADERS, type EngineResponse } from '@partner-assistant/engine/transport';

/**
 * Writes an engine answer: the base headers, then the engine's (which may replace
 * `Cache-Control`), and the JSON body with its length (the engine's text of it when it has one).
 */
export function writeAnswer(res: ServerResponse, response: EngineResponse): void {
  const json = response.json ?? JSON.stringify(response.body);
  const headers: Record<string, string | number> = { ...BASE_HEADERS, ...response.headers };
  headers['Content-Length'] = Buffer.byteLength(json);
  res.writeHead(response.status, headers);
  res.end(json);
}

/** Writes the engine's answer to a CORS preflight: its status and headers, no body. */
export function writePreflight(res: ServerResponse, response: EngineResponse): void {
  res.writeHead(response.status, response.headers);
  res.end();
}
