import { PATH_PREFIX, WEBSOCKET_PATH, WEBSOCKET_SUBPROTOCOL } from '@partner-assistant/contract';
import { WebSocket } from 'undici';

/** One REST answer of the server, as a third-party validator sees it. */
export interface RecordedExchange {
  /** HTTP method, upper case. */
  method: string;
  /** Path below the API prefix, with real ids (`/turns/1d4b…`). */
  path: string;
  /** HTTP status. */
  status: number;
  /** Response headers, names in lower case. */
  headers: Record<string, string>;
  /** Parsed JSON body. */
  body: unknown;
}

/** A close of the channel and when it happened. */
export interface RecordedClose {
  /** Close code the client saw. */
  code: number;
  /** `handshake` when no frame was exchanged before it. */
  phase: 'handshake' | 'open';
}

/** Everything the server produced during a session. */
export interface Recording {
  exchanges: RecordedExchange[];
  frames: unknown[];
  closes: RecordedClose[];
}

/** How a request authenticates. */
export type Credentials = { basic: [string, string] } | { token: string } | Record<string, never>;

/** A REST and WebSocket client that records every answer and frame for later validation. */
export class RecordingApi {
  readonly recording: Recording = { exchanges: [], frames: [], closes: [] };
  readonly #baseUrl: string;
  readonly #wsUrl: string;

  constructor(baseUrl: string, wsUrl: string) {
    this.#baseUrl = baseUrl;
    this.#wsUrl = wsUrl;
  }

  /** Sends one request; `body` is JSON unless it is a string (sent as is). */
  async call(
    method: string,
    path: string,
    credentials: Credentials,
    body?: unknown,
  ): Promise<RecordedExchange> {
    const headers: Record<string, string> = {};
    if ('basic' in credentials) {
      headers.authorization = `Basic ${btoa(credentials.basic.join(':'))}`;
    } else if ('token' in credentials) headers.authorization = `Bearer ${credentials.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.#baseUrl}${PATH_PREFIX}${path}`, {
      method,
      headers,
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const exchange: RecordedExchange = {
      method,
      path: path.split('?')[0]!,
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: await response.json(),
    };
    this.recording.exchanges.push(exchange);
    return exchange;
  }

  /** Opens the channel with `protocols`; frames and the close are recorded. */
  connect(protocols: string[] | string, path: string = WEBSOCKET_PATH): RecordingChannel {
    return new RecordingChannel(new WebSocket(`${this.#wsUrl}${path}`, protocols), this.recording);
  }

  /** Opens the channel the way the guide says: the sub-protocol, then the token. */
  connectWith(token: string): RecordingChannel {
    return this.connect([WEBSOCKET_SUBPROTOCOL, token]);
  }
}

/** One recorded WebSocket connection. */
export class RecordingChannel {
  readonly frames: Array<Record<string, unknown>> = [];
  readonly opened: Promise<void>;
  readonly closed: Promise<number>;
  readonly #socket: WebSocket;

  constructor(socket: WebSocket, recording: Recording) {
    this.#socket = socket;
    this.opened = new Promise((resolve) => socket.addEventListener('open', () => resolve()));
    this.closed = new Promise((resolve) =>
      socket.addEventListener('close', (event) => {
        const phase = this.frames.length === 0 ? 'handshake' : 'open';
        recording.closes.push({ code: event.code, phase });
        resolve(event.code);
      }),
    );
    socket.addEventListener('message', (event) => {
      const frame = JSON.parse(String(event.data));
      recording.frames.push(frame);
      this.frames.push(frame);
    });
  }

  /** The sub-protocol the server selected (`''` when it selected none). */
  get protocol(): string {
    return this.#socket.protocol;
  }

  /** Sends a frame as JSON. */
  send(frame: unknown): void {
    this.#socket.send(JSON.stringify(frame));
  }

  /** Waits until a received frame matches `predicate`, and returns it. */
  async next(
    predicate: (frame: Record<string, unknown>) => boolean,
  ): Promise<Record<string, unknown>> {
    for (let attempt = 0; attempt < 2000; attempt++) {
      const found = this.frames.find(predicate);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error('The expected frame did not arrive');
  }

  /** Closes the connection normally and waits for the close. */
  close(): Promise<number> {
    this.#socket.close(1000);
    return this.closed;
  }
}
