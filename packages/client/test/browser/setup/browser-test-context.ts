/**
 * Types of what the `browser` test project gives its tests: the reference server's URLs
 * (`inject`) and the custom commands (`commands` of `vitest/browser`).
 */
export {};

declare module 'vitest' {
  export interface ProvidedContext {
    /** REST base URL of the shared reference server, `http://127.0.0.1:PORT`. */
    partnerAssistantUrl: string;
    /** WebSocket base URL of the shared reference server, `ws://127.0.0.1:PORT`. */
    partnerAssistantWsUrl: string;
  }
}

declare module 'vitest/browser' {
  export interface BrowserCommands {
    /** Cuts the page's network (`true`) or brings it back (`false`); see `./commands.ts`. */
    setOffline: (offline: boolean) => Promise<void>;
    /** Starts a relay to the server at `target`; resolves to its URL. See `./commands.ts`. */
    startRelay: (target: string) => Promise<string>;
    /** Stops (`false`) or starts again (`true`) the relay at `url`, on the same port. */
    setRelayRunning: (url: string, running: boolean) => Promise<void>;
    /** Stops the relay at `url` for good. */
    stopRelay: (url: string) => Promise<void>;
    /** Starts a restartable reference server with a caching token route; see `./commands.ts`. */
    startRestartableApi: () => Promise<{ apiUrl: string; tokenUrl: string }>;
    /** Restarts the API at `apiUrl` on the same port: it forgets every token and conversation. */
    restartApi: (apiUrl: string) => Promise<void>;
    /** Calls of the token route of the API at `apiUrl`, and those with a refused token. */
    tokenRouteCalls: (apiUrl: string) => Promise<{ calls: number; refused: number }>;
    /** Stops the API at `apiUrl` and its token route for good. */
    stopRestartableApi: (apiUrl: string) => Promise<void>;
  }
}
