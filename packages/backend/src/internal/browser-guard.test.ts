import { describe, expect, it } from 'vitest';
import { detectBrowserLikeRuntime } from './browser-guard.ts';

describe('detectBrowserLikeRuntime', () => {
  it('lets a server runtime through', () => {
    expect(detectBrowserLikeRuntime({})).toBeUndefined();
    expect(detectBrowserLikeRuntime({ navigator: { product: 'Gecko' } })).toBeUndefined();
  });

  it('recognizes a browser by window or document', () => {
    expect(detectBrowserLikeRuntime({ window: {} })).toBe('a browser');
    expect(detectBrowserLikeRuntime({ document: {} })).toBe('a browser');
  });

  it('recognizes React Native', () => {
    expect(detectBrowserLikeRuntime({ navigator: { product: 'ReactNative' } })).toBe(
      'a React Native app',
    );
  });

  it('lets Deno through although Deno 1 defines window', () => {
    expect(detectBrowserLikeRuntime({ window: {}, Deno: {} })).toBeUndefined();
  });
});
