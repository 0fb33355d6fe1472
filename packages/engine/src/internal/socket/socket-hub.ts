import {
  CLOSE_CODES,
  FIELD_LIMITS,
  type ServerEvent,
  WEBSOCKET_SUBPROTOCOL,
} from '@partner-assistant/contract';
import type { TimerHandle } from '../clock.ts';
import type { UserCaller } from '../identity/caller.ts';
import { countRequest } from '../limits/request-rate.ts';
import type { EngineServices, SocketDirectory } from '../operations/operation-types.ts';
import { authenticateUser } from '../request-pipeline.ts';
import { handleClientFrame, readClientFrame } from './client-frame-handler.ts';
import type { SocketFrameRecord, SocketHubHooks } from './socket-hooks.ts';
import type { SocketOpenRequest, SocketSession, SocketTransport } from './socket-transport.ts';

export type { SocketEventObserver } from './socket-hooks.ts';

/** Close code a client sees when its connection is cut without a closing handshake. */
const ABNORMAL_CLOSURE = 1006;

/** An open, authenticated connection. */
export interface OpenSocket {
  /** Connection id. */
  id: string;
  /** Who is connected. */
  caller: UserCaller;
  /** The connection. */
  transport: SocketTransport;
  /** Timer that closes the socket when the token expires. */
  expiryTimer: TimerHandle;
  /** The socket's single way out: every event it receives goes through here. */
  deliver(event: ServerEvent): void;
  /** Cuts the connection abruptly (fault injection). */
  drop(): void;
}

const encoder = new TextEncoder();
const CLOSED_SESSION: Omit<SocketSession, 'id'> = { receive: () => {}, closed: () => {} };

/**
 * Every WebSocket connection: authenticates the handshake (closing with 4400/4401/4403/4429),
 * closes sockets whose token expires or is revoked, and routes client frames.
 */
export class SocketHub implements SocketDirectory {
  readonly #sockets = new Map<string, OpenSocket>();
  #services: EngineServices | undefined;
  readonly #hooks: SocketHubHooks;

  constructor(hooks: SocketHubHooks = {}) {
    this.#hooks = hooks;
  }

  /** Wires the hub to the engine (they depend on each other). */
  attach(services: EngineServices): void {
    this.#services = services;
  }

  /** Accepts or refuses a new connection; a refused one is closed at once with its close code. */
  open(request: SocketOpenRequest): SocketSession {
    const services = this.#requireServices();
    const id = services.context.random.uuid();
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
      caller = authenticateUser(services, request.protocols[1]);
    } catch {
      return refuse(CLOSE_CODES.unauthorized, 'missing, invalid, expired or revoked token');
    }
    if (!caller.token.scopes.includes('chat:read'))
      return refuse(CLOSE_CODES.insufficientScope, 'chat:read required');
    if (countRequest(services.context, caller.application).exceeded) {
      return refuse(CLOSE_CODES.rateLimited, 'rate limit exceeded');
    }
    return this.#register(id, caller, request.transport);
  }

  #register(id: string, caller: UserCaller, transport: SocketTransport): SocketSession {
    const { clock } = this.#requireServices().context;
    const socket: OpenSocket = {
      id,
      caller,
      transport,
      expiryTimer: clock.setTimer(
        () => this.#close(socket, CLOSE_CODES.unauthorized, 'token expired'),
        caller.token.expiresAt - clock.now(),
      ),
      deliver: (event) => {
        if (!this.#sockets.has(id)) return;
        const violation = this.#hooks.checkEvent?.(event);
        this.#record(socket, {
          direction: 'out',
          frameType: event.type,
          ...(event.type === 'frame.rejected' ? { errorCode: event.error.code } : {}),
          ...(violation ? { violation } : {}),
        });
        this.#hooks.observeEvent?.(id, event);
        transport.send(JSON.stringify(event));
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
    if (frame !== null && encoder.encode(frame).length > FIELD_LIMITS.maxFrameBytes) {
      this.#close(socket, CLOSE_CODES.messageTooBig, 'frame over 64 KiB');
      return;
    }
    try {
      handleClientFrame(this.#requireServices(), socket, read);
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
    const services = this.#requireServices();
    services.context.clock.clearTimer(socket.expiryTimer);
    services.streams.unfollowAll(socket);
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

  #requireServices(): EngineServices {
    if (!this.#services) throw new Error('SocketHub used before attach()');
    return this.#services;
  }
}
