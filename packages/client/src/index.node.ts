/**
 * The client for Node (the `node` export condition): the same API, with `ws` as the WebSocket
 * when neither the `WebSocket` option nor a global one (Node 22+) is there. Browser and React
 * Native builds never import this file, so they never carry `ws`.
 */
import WebSocket from 'isomorphic-ws';
import type { PartnerAssistantClientOptions } from './client-options.ts';
import { PartnerAssistantClient as PortableClient } from './partner-assistant-client.ts';
import type { WebSocketConstructor } from './realtime/platform.ts';

export * from './index.ts';

const nodeWebSocket = () => WebSocket as unknown as WebSocketConstructor;

/** {@inheritDoc PortableClient} */
export class PartnerAssistantClient extends PortableClient {
  /** @throws {PartnerConfigurationError} On a missing or malformed option. */
  constructor(options: PartnerAssistantClientOptions) {
    super(options, { fallbackWebSocket: nodeWebSocket });
  }
}
