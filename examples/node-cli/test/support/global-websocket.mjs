// Preloaded (`--import`) when a test runs the program on the packages' sources: their source entry
// is the platform-neutral one, without the Node build's fallback to `ws` on Node 20.
import { WebSocket } from 'ws';

globalThis.WebSocket ??= WebSocket;
