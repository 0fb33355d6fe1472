/**
 * The client for Node (the `node` export condition): the same API, with `ws` as the WebSocket
 * when neither the `WebSocket` option nor a global one (Node 22+) is there. Browser and React
 * Native builds never import this file, so they never carry `ws`.
 */
import WebSocket from 'isomorphic-ws';
import type { PartnerAssistantClientOptions } from './client-options.ts';
import { PartnerAssistantClient as PortableClient } from './partner-assistant-client.ts';
import type { WebSocketConstructor } from './realtime/platform.ts';

// Named again here: re-exported through index.ts alone, the bundled Node build would copy them at
// run time, and ESM `import { isPartnerApiError }` would not find them.
export * from '@partner-assistant/sdk-core';
export * from './index.ts';

const nodeWebSocket = () => WebSocket as unknown as WebSocketConstructor;

/** {@inheritDoc PortableClient} */
export class PartnerAssistantClient extends PortableClient {
  /** @throws {PartnerConfigurationError} On a missing or malformed option. */
  constructor(options: PartnerAssistantClientOptions) {
    super(options, { fallbackWebSocket: nodeWebSocket });
  }
}
