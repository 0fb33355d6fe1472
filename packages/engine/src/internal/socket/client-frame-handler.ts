import { clientFrameSchema, type ErrorDetail } from '@partner-assistant/contract';
import { ApiError } from '../errors/api-error.ts';
import { errorBodyOf } from '../errors/engine-response.ts';
import { admit } from '../gate/caller-gate.ts';
import { CHANNEL_OPERATIONS } from '../gate/channel-operations.ts';
import { withCanonicalIds } from '../ids/canonical-ids.ts';
import { apiRequestId } from '../ids/request-ids.ts';
import { type SubmissionServices, submitMessage } from '../turns/message-submission.ts';
import { identifiersOf, type ReadFrame } from './client-frame-reader.ts';
import type { OpenSocket } from './open-socket.ts';

function parseFrame(value: unknown) {
  const result = clientFrameSchema.safeParse(value);
  if (result.success) return withCanonicalIds(result.data);
  const details: ErrorDetail[] = result.error.issues.map((issue) => ({
    path: ['frame', ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  throw new ApiError('invalid_request', 'Invalid frame', { details });
}

/** What the socket hub hands each client frame to. */
export interface ClientFrames {
  /** Answers one frame read off `socket` (a refusal becomes `frame.rejected`). */
  handle(socket: OpenSocket, frame: ReadFrame): void;
}

/**
 * Client frames: `ping` → `pong`; `turn.subscribe` → `turn.snapshot` then the turn's later events;
 * `user.message` → the same submission as REST, followed from `turn.accepted`. Every frame but
 * `ping` passes the caller gate with the operation it stands for. A refused frame is answered
 * with `frame.rejected` carrying the error body and its identifiers.
 */
export class ClientFrameHandler implements ClientFrames {
  readonly #services: SubmissionServices;

  constructor(services: SubmissionServices) {
    this.#services = services;
  }

  handle(socket: OpenSocket, frame: ReadFrame): void {
    try {
      if (frame.error) throw frame.error;
      this.#dispatch(socket, frame.value);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      socket.deliver({
        type: 'frame.rejected',
        error: errorBodyOf(error, apiRequestId(this.#services.context.random)),
        ...identifiersOf(frame.value),
      });
    }
  }

  #dispatch(socket: OpenSocket, value: unknown): void {
    const services = this.#services;
    const frame = parseFrame(value);
    if (frame.type === 'ping') {
      socket.deliver({ type: 'pong', ...(frame.id === undefined ? {} : { id: frame.id }) });
      return;
    }
    admit(services.context, socket.caller, CHANNEL_OPERATIONS[frame.type]);
    if (frame.type === 'turn.subscribe') {
      const turn = services.context.state.turns.get(frame.turn_id);
      if (!turn || turn.userId !== socket.caller.token.userId)
        throw new ApiError('not_found', 'Turn not found');
      services.lifecycle.follow(turn, socket);
      return;
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
}
