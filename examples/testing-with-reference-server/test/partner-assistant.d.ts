// Types what the reference server's global setup provides to `inject()`.
export {};

declare module 'vitest' {
  export interface ProvidedContext {
    partnerAssistantUrl: string;
    partnerAssistantWsUrl: string;
  }
}
