/**
 * Node 20 has no global WebSocket, and msw intercepts WebSockets by wrapping `globalThis.WebSocket`
 * when `server.listen()` runs. undici's standard WebSocket goes on the global first; on Node 22+
 * (and in a DOM environment) the global is already there and this leaves it alone. Listed before
 * the file that calls `server.listen()`.
 */
import { WebSocket } from 'undici';

globalThis.WebSocket ??= WebSocket as unknown as typeof globalThis.WebSocket;
