import type { IncomingMessage } from 'node:http';
import { FIELD_LIMITS } from '@partner-assistant/contract';
import { ApiError } from '@partner-assistant/engine/transport';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A request body as text (`undefined` when empty), or why it cannot be read. */
export type ReadBody = { ok: true; text: string | undefined } | { ok: false; error: ApiError };

const EMPTY: ReadBody = { ok: true, text: undefined };

/** The refusal of a body over 64 KiB. */
export function tooLarge(): ReadBody {
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
 * How much of an oversize body is read (and discarded) before its `413` is written, so the client
 * has sent everything when the answer comes, the connection stays usable, and no client sees a
 * reset instead of the answer. Beyond it, the server answers at once and closes the connection.
 */
export const OVERSIZE_DRAIN_BYTES = 32 * 1024 * 1024;

/** A body read in full, or the end of an oversize body that was drained and discarded. */
function readAll(request: IncomingMessage): Promise<ReadBody> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const settle = (body: ReadBody) => {
      request.off('data', onData);
      resolve(body);
    };
    const onData = (chunk: Buffer) => {
      length += chunk.length;
      if (length <= FIELD_LIMITS.maxBodyBytes) chunks.push(chunk);
      else if (chunks.length > 0) chunks.length = 0;
      // Past the drain bound the answer goes now; the transport closes the connection after it.
      if (length > OVERSIZE_DRAIN_BYTES) settle(tooLarge());
    };
    request.on('data', onData);
    request.once('end', () =>
      settle(length > FIELD_LIMITS.maxBodyBytes ? tooLarge() : decode(chunks, length)),
    );
    request.once('error', () => {
      const error = new ApiError('invalid_request', 'The request body could not be read', {
        details: [{ path: 'body', message: 'Unreadable body' }],
      });
      settle({ ok: false, error });
    });
  });
}

/**
 * Reads a request body of at most 64 KiB as UTF-8. An oversize body (declared or streamed) is
 * `413 payload_too_large`, answered once the body has been read and discarded (up to
 * {@link OVERSIZE_DRAIN_BYTES}), so the client, still sending, never meets a closed connection;
 * a `Content-Encoding` other than `identity` is `415` (request bodies are never compressed);
 * bytes that are not UTF-8 are `422`.
 */
export function readRequestBody(request: IncomingMessage): Promise<ReadBody> {
  const encoding = request.headers['content-encoding'];
  if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
    const error = new ApiError('unsupported_media_type', 'Content-Encoding is not supported');
    // Read and discarded too, so the answer never meets a client still sending.
    return readAll(request).then(() => ({ ok: false, error }));
  }
  if (Number(request.headers['content-length']) > OVERSIZE_DRAIN_BYTES) {
    return Promise.resolve(tooLarge());
  }
  return readAll(request);
}
