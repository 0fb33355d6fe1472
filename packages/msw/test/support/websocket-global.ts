/**
 * The Node 20 setup of the README: Node 20 has no global WebSocket, and msw intercepts WebSockets
 * by wrapping `globalThis.WebSocket` when `server.listen()` runs. undici's standard WebSocket is
 * put on the global first (Node 22+ has one already, and this leaves it alone).
 */
import { WebSocket } from 'undici';

globalThis.WebSocket ??= WebSocket as unknown as typeof globalThis.WebSocket;
