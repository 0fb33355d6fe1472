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
  }
}
