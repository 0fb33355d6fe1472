import { describe, expect, it } from 'vitest';
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
