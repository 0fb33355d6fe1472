import { ABNORMAL_CLOSURE, WEBSOCKET_PATH } from '@partner-assistant/contract';
import type { EngineTransport } from '@partner-assistant/engine/transport';
import { type WebSocketHandler, ws } from 'msw';

function protocolsOf(requested: string | string[] | undefined): string[] {
  if (requested === undefined) return [];
  return typeof requested === 'string' ? [requested] : [...requested];
}

/**
 * One msw `ws.link` per channel URL, shared by every set of handlers. Each link adds a listener,
 * never removed, to msw's one `BroadcastChannel`: a link per `createPartnerAssistantHandlers()`
 * call (one per test, say) made Node warn of a listener leak (`MaxListenersExceededWarning`)
 * from the eleventh on. The link keeps no engine: each set's handler has its own.
 */
const links = new Map<string, ReturnType<typeof ws.link>>();

/**
 * The msw `ws.link` handler of the channel: each intercepted connection is opened on the engine
 * with the sub-protocols the client asked for (`service.partner.v1`, then the token), and its
 * frames and close travel both ways. msw completes every handshake, so the engine's close codes
 * (4400, 4401, 4403, 4429) reach the client as the reference server's do after a handshake.
 */
export function createWebSocketHandler(
  engine: EngineTransport,
  wsOrigin: string,
): WebSocketHandler {
  const url = `${wsOrigin}${WEBSOCKET_PATH}`;
  let channel = links.get(url);
  if (!channel) {
    channel = ws.link(url);
    links.set(url, channel);
  }
  return channel.addEventListener('connection', ({ client, info }) => {
    const session = engine.openSocket({
      protocols: protocolsOf(info.protocols),
      search: client.url.search.slice(1),
      transport: {
        send: (text) => client.send(text),
        close: (code, reason) => client.close(code, reason),
        // No network to cut: the client sees what a cut leaves it, a 1006 close.
        terminate: () => client.close(ABNORMAL_CLOSURE, ''),
      },
    });
    client.addEventListener('message', (event) => {
      session.receive(typeof event.data === 'string' ? event.data : null);
    });
    client.addEventListener('close', () => session.closed());
  });
}
