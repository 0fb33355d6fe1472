/** The globals the guard looks at; `globalThis` in production, a plain object in tests. */
export interface RuntimeGlobals {
  readonly window?: unknown;
  readonly document?: unknown;
  readonly navigator?: { readonly product?: unknown } | undefined;
  readonly Deno?: unknown;
}

/**
 * Names the browser-like runtime the code runs in, or returns `undefined` on a server.
 * Deno 1 defines `window` while being a server runtime, so it is let through.
 */
export function detectBrowserLikeRuntime(globals: RuntimeGlobals): string | undefined {
  if (globals.navigator?.product === 'ReactNative') return 'a React Native app';
  if (globals.Deno !== undefined) return undefined;
  if (globals.window !== undefined || globals.document !== undefined) return 'a browser';
  return undefined;
}

/** Explains, in the error thrown by the guard, why the secret must stay on the server. */
export function browserRefusalMessage(runtime: string): string {
  return (
    `PartnerBackend refuses to run in ${runtime}: it needs your client secret, and anything ` +
    'shipped to a browser or a mobile app can be read by its users, who could then issue tokens ' +
    'for any of your users and erase their data. Keep PartnerBackend on your server and give your ' +
    'app only the short-lived user token (see createTokenBroker). If this really is a server ' +
    'runtime that looks like a browser, pass `dangerouslyAllowBrowser: true`.'
  );
}
