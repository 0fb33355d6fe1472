import { ApiError } from '../errors/api-error.ts';
import { withCanonicalIds } from '../ids/canonical-ids.ts';

/** Identifiers of a refused frame, echoed in `frame.rejected` when the frame carried them. */
export interface FrameIdentifiers {
  client_message_id?: string;
  turn_id?: string;
}

/** The identifiers a refused frame carried, cut to a sane length (a UUID in lower case). */
export function identifiersOf(value: unknown): FrameIdentifiers {
  if (value === null || typeof value !== 'object') return {};
  const { client_message_id: clientMessageId, turn_id: turnId } = value as Record<string, unknown>;
  return withCanonicalIds({
    ...(typeof clientMessageId === 'string'
      ? { client_message_id: clientMessageId.slice(0, 256) }
      : {}),
    ...(typeof turnId === 'string' ? { turn_id: turnId.slice(0, 256) } : {}),
  });
}

/** A client frame read off the socket once: its `type` for the journal, then its value or error. */
export type ReadFrame =
  | { type: string; value: unknown; error?: undefined }
  | { type: 'binary' | 'invalid'; value?: undefined; error: ApiError };

const FRAME_TYPE = /^[a-z][a-z._]{0,63}$/;

/**
 * Parses a client frame's JSON. Its `type` is the frame's own when it looks like one, else
 * `invalid` (or `binary` for a binary frame), so the journal never records arbitrary input.
 */
export function readClientFrame(frame: string | null): ReadFrame {
  if (frame === null) {
    return {
      type: 'binary',
      error: new ApiError('invalid_request', 'Frames must be JSON text frames'),
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(frame);
  } catch {
    const details = [{ path: 'frame', message: 'Malformed JSON' }];
    return {
      type: 'invalid',
      error: new ApiError('invalid_request', 'Malformed JSON frame', { details }),
    };
  }
  const type: unknown = (value as { type?: unknown } | null)?.type;
  return { type: typeof type === 'string' && FRAME_TYPE.test(type) ? type : 'invalid', value };
}
