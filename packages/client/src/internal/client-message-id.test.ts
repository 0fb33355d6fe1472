import { UUID_PATTERN } from '@partner-assistant/contract/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClientMessageId } from './client-message-id.ts';

const VERSION_4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('createClientMessageId', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    [
      'crypto.getRandomValues only',
      { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) },
    ],
    ['no crypto at all', undefined],
  ])('makes distinct version 4 UUIDs the API accepts with %s', (_, crypto) => {
    vi.stubGlobal('crypto', crypto);
    const ids = Array.from({ length: 200 }, createClientMessageId);
    for (const id of ids) {
      expect(id).toMatch(VERSION_4);
      expect(id).toMatch(UUID_PATTERN);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });
});
