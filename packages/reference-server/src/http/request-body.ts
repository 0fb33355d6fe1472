import type { IncomingMessage } from 'node:http';
import { FIELD_LIMITS } from '@partner-assistant/contract';
import { ApiError } from '@partner-assistant/engine/internal';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A request body as text (`undefined` when empty), or why it cannot be read. */
export type ReadBody = { ok: true; text: string | undefined } | { ok: false; error: ApiError };

const EMPTY: ReadBody = { ok: true, text: undefined };

function tooLarge(): ReadBody {
  const message = `The body exceeds ${FIELD_LIMITS.maxBodyBytes} bytes`;
  return { ok: false, error: new ApiError('payload_too_large', message) };
}

function decode(chunks: Buffer[], length: number): ReadBody {
  if (length === 0) return EMPTY;
  try {
    const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length);
    return { ok: true, text: utf8.decode(bytes) };
  } catch {
    const error = new ApiError('invalid_request', 'The body is not valid UTF-8', {
      details: [{ path: 'body', message: 'Invalid UTF-8' }],
    });
    return { ok: false, error };
  }
}

/** True when the request announces no body at all, so it can be answered without waiting. */
export function hasNoBody(request: IncomingMessage): boolean {
  const { headers } = request;
  return (
    headers['transfer-encoding'] === undefined &&
    (headers['content-length'] === undefined || headers['content-length'] === '0')
  );
}

/**
 * Reads a request body of at most 64 KiB as UTF-8. A declared or streamed size over the limit is
 * `413 payload_too_large` at once (without reading the rest); a `Content-Encoding` other than
 * `identity` is `415` (request bodies are never compressed); bytes that are not UTF-8 are `422`.
 */
export function readRequestBody(request: IncomingMessage): Promise<ReadBody> {
  const encoding = request.headers['content-encoding'];
  if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
    const error = new ApiError('unsupported_media_type', 'Content-Encoding is not supported');
    return Promise.resolve({ ok: false, error });
  }
  if (Number(request.headers['content-length']) > FIELD_LIMITS.maxBodyBytes) {
    return Promise.resolve(tooLarge());
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const onData = (chunk: Buffer) => {
      length += chunk.length;
      if (length > FIELD_LIMITS.maxBodyBytes) {
        request.off('data', onData);
        resolve(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    request.on('data', onData);
    request.once('end', () => resolve(decode(chunks, length)));
    request.once('error', () => {
      const error = new ApiError('invalid_request', 'The request body could not be read', {
        details: [{ path: 'body', message: 'Unreadable body' }],
      });
      resolve({ ok: false, error });
    });
  });
}
