import './support/websocket-global.ts';
import { PATH_PREFIX } from '@partner-assistant/contract';
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createPartnerAssistantHandlers,
  PartnerAssistantHandlersOptionsError,
} from '../src/index.ts';

describe('createPartnerAssistantHandlers profile options', () => {
  it('refuses a profile or case it does not know, with the server wording', () => {
    expect(() => createPartnerAssistantHandlers({ profile: 'strict' as never })).toThrow(
      new PartnerAssistantHandlersOptionsError(`profile must be 'full' or 'minimal', got "strict"`),
    );
    expect(() => createPartnerAssistantHandlers({ uuidCase: 'mixed' as never })).toThrow(
      `uuidCase must be 'lower' or 'upper', got "mixed"`,
    );
  });

  it('accepts both, and leaves them out by default', () => {
    expect(() =>
      createPartnerAssistantHandlers({ profile: 'minimal', uuidCase: 'lower' }),
    ).not.toThrow();
    expect(() => createPartnerAssistantHandlers({ profile: undefined })).not.toThrow();
  });
});

describe('PARTNER_ASSISTANT_PROFILE in Node', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  /** Whether the handlers answer as the minimal profile does: no `X-Request-Id`. */
  async function answersMinimal(options: { profile?: 'full' | 'minimal' } = {}) {
    const baseUrl = 'https://assistant.example.test';
    const { handlers } = createPartnerAssistantHandlers({ baseUrl, ...options });
    const server = setupServer(...handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const answer = await fetch(`${baseUrl}${PATH_PREFIX}/capabilities`);
      await answer.text();
      return !answer.headers.has('x-request-id');
    } finally {
      server.close();
    }
  }

  it('picks the profile when the option is not given; the option wins', async () => {
    vi.stubEnv('PARTNER_ASSISTANT_PROFILE', '');
    expect(await answersMinimal()).toBe(false);
    vi.stubEnv('PARTNER_ASSISTANT_PROFILE', 'minimal');
    expect(await answersMinimal()).toBe(true);
    expect(await answersMinimal({ profile: 'full' })).toBe(false);
  });

  it('refuses a value other than full or minimal, naming the variable', () => {
    vi.stubEnv('PARTNER_ASSISTANT_PROFILE', 'spec');
    expect(() => createPartnerAssistantHandlers()).toThrow(
      `PARTNER_ASSISTANT_PROFILE must be 'full' or 'minimal', got "spec"`,
    );
  });
});
