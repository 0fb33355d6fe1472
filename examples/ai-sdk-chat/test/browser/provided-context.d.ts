// What the browser test project's global setup provides: the shared reference server's URL.
export {};

declare module 'vitest' {
  export interface ProvidedContext {
    partnerAssistantUrl: string;
  }
}
