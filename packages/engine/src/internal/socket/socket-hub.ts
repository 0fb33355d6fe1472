import {
  ABNORMAL_CLOSURE,
  type ApiErrorCode,
  CLOSE_CODES,
  FIELD_LIMITS,
  WEBSOCKET_SUBPROTOCOL,
} from '@partner-assistant/contract';
import type { EngineContext } from '../context/engine-context.ts';
import { ApiError } from '../errors/api-error.ts';
import { authenticateUser, countAgainstRate, requireScope } from '../gate/caller-gate.ts';
import { CHANNEL_OPERATIONS } from '../gate/channel-operations.ts';
import type { UserCaller } from '../identity/caller.ts';
import type { SocketDirectory } from '../operations/operation-types.ts';
import type { TurnEventSink } from '../turns/turn-streams.ts';
import type { ClientFrames } from './client-frame-handler.ts';
import { readClientFrame } from './client-frame-reader.ts';
import type { OpenSocket } from './open-socket.ts';
import type { SocketFrameRecord, SocketHubHooks } from './socket-hooks.ts';
import type { SocketOpenRequest, SocketSession, SocketTransport } from './socket-transport.ts';

export type { OpenSocket } from './open-socket.ts';
export type { SocketEventObserver } from './socket-hooks.ts';

/** The close code of a handshake the caller gate refuses. */
const HANDSHAKE_CLOSE_CODES: Partial<Record<ApiErrorCode, number>> = {
  unauthorized: CLOSE_CODES.unauthorized,
  insufficient_scope: CLOSE_CODES.insufficientScope,
  rate_limit_exceeded: CLOSE_CODES.rateLimited,
};

const encoder = new TextEncoder();

/**
 * Whether `text` takes more than `limit` bytes in UTF-8, encoding it only when its length leaves
 * a doubt (a UTF-16 code unit takes one to three bytes).
 */
function utf8Over(text: string, limit: number): boolean {
  if (text.length > limit) return true;
  if (text.length * 3 <= limit) return false;
  return encoder.encode(text).length > limit;
}
const CLOSED_SESSION: Omit<SocketSession, 'id'> = { receive: () => {}, closed: () => {} };

/** What the hub needs from the rest of the engine, given once at construction. */
export interface SocketHubDependencies {
  /** State, clock and ids. */
  context: EngineContext;
  /** Where a closing socket stops following its turns. */
  streams: { unfollowAll(sink: TurnEventSink): void };
  /** Answers client frames. */
  frames: ClientFrames;
  /** Journal, self-check and observers of what goes in and out. */
  hooks?: SocketHubHooks;
}

/**
 * Every WebSocket connection: opens it through the caller gate (closing with 4400/4401/4403/4429),
 * closes sockets whose token expires or is revoked, and hands client frames to the frame handler.
 */
export class SocketHub implements SocketDirectory {
  readonly #sockets = new Map<string, OpenSocket>();
  readonly #context: EngineContext;
  readonly #streams: SocketHubDependencies['streams'];
  readonly #frames: ClientFrames;
  readonly #hooks: SocketHubHooks;

  constructor(dependencies: SocketHubDependencies) {
    this.#context = dependencies.context;
    this.#streams = dependencies.streams;
    this.#frames = dependencies.frames;
    this.#hooks = dependencies.hooks ?? {};
  }

  /** Accepts or refuses a new connection; a refused one is closed at once with its close code. */
  open(request: SocketOpenRequest): SocketSession {
    const id = this.#context.random.uuid();
    const refuse = (code: number, reason: string): SocketSession => {
      request.transport.close(code, reason);
      return { id, ...CLOSED_SESSION };
    };
    if (request.protocols[0] !== WEBSOCKET_SUBPROTOCOL) {
      return refuse(CLOSE_CODES.invalidRequest, `offer ${WEBSOCKET_SUBPROTOCOL} first`);
    }
    if (new URLSearchParams(request.search).size > 0) {
      return refuse(CLOSE_CODES.invalidRequest, 'no query parameters (never a token in the URL)');
    }
    let caller: UserCaller;
    try {
      caller = authenticateUser(this.#context, request.protocols[1]);
      requireScope(caller, CHANNEL_OPERATIONS.handshake);
      countAgainstRate(this.#context, caller);
    } catch (error) {
      const code = error instanceof ApiError ? HANDSHAKE_CLOSE_CODES[error.code] : undefined;
      if (!(error instanceof ApiError) || code === undefined) throw error;
      return refuse(code, error.message);
    }
    return this.#register(id, caller, request.transport);
  }

  #register(id: string, caller: UserCaller, transport: SocketTransport): SocketSession {
    const clock = this.#context.time.ofPartner(caller.application.partnerId);
    const { clientId } = caller.application;
    const socket: OpenSocket = {
      id,
      caller,
      transport,
      expiryTimer: clock.setTimer(
        () => this.#close(socket, CLOSE_CODES.unauthorized, 'token expired'),
        caller.token.expiresAt - clock.now(),
      ),
      deliver: (event, text) => {
        if (!this.#sockets.has(id)) return;
        const hooks = this.#hooks;
        const violation = hooks.checkEvent?.(event);
        const record: SocketFrameRecord = { direction: 'out', frameType: event.type, clientId };
        if (event.type === 'frame.rejected') record.errorCode = event.error.code;
        if (violation) record.violation = violation;
        hooks.recordFrame?.(record);
        hooks.observeEvent?.(id, event);
        // The stream's text is the event's JSON: used as is unless the profile reshapes events.
        const { shapeEvent } = hooks;
        transport.send(
          shapeEvent ? JSON.stringify(shapeEvent(event)) : (text ?? JSON.stringify(event)),
        );
      },
      drop: () => this.#drop(socket),
    };
    this.#sockets.set(id, socket);
    return {
      id,
      receive: (frame) => this.#receive(socket, frame),
      closed: () => this.#forget(socket),
    };
  }

  #receive(socket: OpenSocket, frame: string | null): void {
    if (!this.#sockets.has(socket.id)) return;
    const read = readClientFrame(frame);
    this.#record(socket, { direction: 'in', frameType: read.type });
    if (frame !== null && utf8Over(frame, FIELD_LIMITS.maxFrameBytes)) {
      this.#close(socket, CLOSE_CODES.messageTooBig, 'frame over 64 KiB');
      return;
    }
    try {
      this.#frames.handle(socket, read);
    } catch {
      // Never caused by input (every refusal is a frame.rejected): close as decided, reconnectable.
      this.#close(socket, CLOSE_CODES.internalError, 'unexpected server failure');
    }
  }

  #close(socket: OpenSocket, code: number, reason: string): void {
    this.#record(socket, { direction: 'out', frameType: 'close', closeCode: code });
    this.#forget(socket);
    socket.transport.close(code, reason);
  }

  #drop(socket: OpenSocket): void {
    if (!socket.transport.terminate) {
      this.#close(socket, CLOSE_CODES.internalError, 'connection dropped (injected fault)');
      return;
    }
    this.#record(socket, { direction: 'out', frameType: 'close', closeCode: ABNORMAL_CLOSURE });
    this.#forget(socket);
    socket.transport.terminate();
  }

  #record(socket: OpenSocket, frame: Omit<SocketFrameRecord, 'clientId'>): void {
    this.#hooks.recordFrame?.({ ...frame, clientId: socket.caller.application.clientId });
  }

  #forget(socket: OpenSocket): void {
    if (!this.#sockets.delete(socket.id)) return;
    this.#context.time
      .ofPartner(socket.caller.application.partnerId)
      .clearTimer(socket.expiryTimer);
    this.#streams.unfollowAll(socket);
  }

  /** Closes every socket of `userId`. */
  closeUserSockets(userId: string, code: number, reason: string): void {
    for (const socket of [...this.#sockets.values()]) {
      if (socket.caller.token.userId === userId) this.#close(socket, code, reason);
    }
  }

  /** Closes the sockets authenticated with `token` (expired or revoked: 4401). */
  closeTokenSockets(token: string, code: number, reason: string): void {
    for (const socket of [...this.#sockets.values()]) {
      if (socket.caller.token.token === token) this.#close(socket, code, reason);
    }
  }

  /** Cuts every open socket (whose client id `only` accepts) as a network loss; returns how many. */
  dropAll(only?: (clientId: string) => boolean): number {
    const sockets = [...this.#sockets.values()].filter(
      (socket) => !only || only(socket.caller.application.clientId),
    );
    for (const socket of sockets) this.#drop(socket);
    return sockets.length;
  }

  /** Closes every socket (shutdown: 1001; reset). */
  closeAll(code: number, reason: string): void {
    for (const socket of [...this.#sockets.values()]) this.#close(socket, code, reason);
  }

  /** Number of open sockets. */
  get size(): number {
    return this.#sockets.size;
  }
}
