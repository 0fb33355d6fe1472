import { FIELD_LIMITS } from '@partner-assistant/contract';
import { ApiError } from '../engine/index.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A request body as text, or why it cannot be read. */
export type DecodedBody = { ok: true; text: string | undefined } | { ok: false; error: ApiError };

/** Decodes the raw body read by express as UTF-8 (`undefined` when empty). */
export function decodeBody(raw: unknown): DecodedBody {
  if (!(raw instanceof Uint8Array) || raw.length === 0) return { ok: true, text: undefined };
  try {
    return { ok: true, text: utf8.decode(raw) };
  } catch {
    const error = new ApiError('invalid_request', 'The body is not valid UTF-8', {
      details: [{ path: 'body', message: 'Invalid UTF-8' }],
    });
    return { ok: false, error };
  }
}

/** Refusal of a body that body-parser could not read (too large, bad encoding, aborted). */
export function bodyReadError(error: unknown): ApiError {
  const type = (error as { type?: unknown } | null)?.type;
  if (type === 'entity.too.large')
    return new ApiError('payload_too_large', `The body exceeds ${FIELD_LIMITS.maxBodyBytes} bytes`);
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return new ApiError('unsupported_media_type', 'Unsupported content encoding or charset');
  }
  return new ApiError('invalid_request', 'The request body could not be read', {
    details: [{ path: 'body', message: 'Unreadable body' }],
  });
}
