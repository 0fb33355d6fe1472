import { clientFrameSchema, type ErrorDetail, isTurnInProgress } from '@partner-assistant/contract';
import { ApiError } from '../api-error.ts';
import { errorBodyOf } from '../engine-response.ts';
import { countRequest } from '../limits/request-rate.ts';
import type { EngineServices } from '../operations/operation-types.ts';
import { submitMessage } from '../turns/message-submission.ts';
import type { OpenSocket } from './socket-hub.ts';

/** Identifiers of a refused frame, echoed in `frame.rejected` when the frame carried them. */
interface FrameIdentifiers {
  client_message_id?: string;
  turn_id?: string;
}

function identifiersOf(value: unknown): FrameIdentifiers {
  if (value === null || typeof value !== 'object') return {};
  const { client_message_id: clientMessageId, turn_id: turnId } = value as Record<string, unknown>;
  return {
    ...(typeof clientMessageId === 'string'
      ? { client_message_id: clientMessageId.slice(0, 256) }
      : {}),
    ...(typeof turnId === 'string' ? { turn_id: turnId.slice(0, 256) } : {}),
  };
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

function parseFrame(value: unknown) {
  const result = clientFrameSchema.safeParse(value);
  if (result.success) return result.data;
  const details: ErrorDetail[] = result.error.issues.map((issue) => ({
    path: ['frame', ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  throw new ApiError('invalid_request', 'Invalid frame', { details });
}

function assertWithinRate(services: EngineServices, socket: OpenSocket): void {
  const window = countRequest(services.context, socket.caller.application);
  if (window.exceeded) {
    throw new ApiError('rate_limit_exceeded', 'Too many requests for this application', {
      retryAfterSeconds: window.resetSeconds,
    });
  }
}

function dispatch(services: EngineServices, socket: OpenSocket, value: unknown): void {
  const frame = parseFrame(value);
  if (frame.type === 'ping') {
    socket.deliver({ type: 'pong', ...(frame.id === undefined ? {} : { id: frame.id }) });
    return;
  }
  assertWithinRate(services, socket);
  if (frame.type === 'turn.subscribe') {
    const turn = services.context.state.turns.get(frame.turn_id);
    if (!turn || turn.userId !== socket.caller.token.userId)
      throw new ApiError('not_found', 'Turn not found');
    socket.deliver(services.streams.snapshot(turn));
    if (isTurnInProgress(turn.status)) services.streams.follow(turn.id, socket);
    return;
  }
  if (!socket.caller.token.scopes.includes('chat:write')) {
    throw new ApiError('insufficient_scope', 'Sending a message requires the scope chat:write');
  }
  submitMessage(services, socket.caller, {
    conversationId: frame.conversation_id,
    clientMessageId: frame.client_message_id,
    message: frame.message,
    location: frame.location,
    fieldPrefix: 'frame',
    follower: socket,
  });
}

/**
 * Handles one client frame: `ping` → `pong`; `turn.subscribe` → `turn.snapshot` then the turn's
 * later events; `user.message` → the same submission as REST, followed from `turn.accepted`.
 * A refused frame is answered with `frame.rejected` carrying the error body and its identifiers.
 */
export function handleClientFrame(
  services: EngineServices,
  socket: OpenSocket,
  frame: ReadFrame,
): void {
  try {
    if (frame.error) throw frame.error;
    dispatch(services, socket, frame.value);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    socket.deliver({
      type: 'frame.rejected',
      error: errorBodyOf(error, services.context.random.uuid()),
      ...identifiersOf(frame.value),
    });
  }
}
