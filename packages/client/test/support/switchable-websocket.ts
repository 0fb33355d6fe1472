import type { WebSocketConstructor } from '../../src/index.ts';
import { StandardWebSocket } from './reference-server.ts';

/**
 * A WebSocket constructor whose network can be cut: while `blocked`, every new socket goes to a
 * port where nothing listens, so reconnection fails as it does when a phone is in a tunnel.
 */
export function switchableWebSocket() {
  const control = { blocked: false, opened: 0 };
  class Switchable extends StandardWebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(control.blocked ? 'ws://127.0.0.1:9/unreachable' : url, protocols);
      control.opened++;
    }
  }
  return { WebSocket: Switchable as WebSocketConstructor, control };
}
