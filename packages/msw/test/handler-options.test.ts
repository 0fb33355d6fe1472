import { describe, expect, it } from 'vitest';
import {
  createPartnerAssistantHandlers,
  PartnerAssistantHandlersOptionsError,
  ReferenceConfigError,
} from '../src/index.ts';

describe('createPartnerAssistantHandlers options', () => {
  it('refuses options of the wrong kind, naming each, with the server wording', () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ baseUrl: 'assistant.example.com' }, 'baseUrl must be an http(s) origin'],
      [{ baseUrl: 'https://assistant.example.com/api' }, 'baseUrl must be an http(s) origin'],
      [{ clock: 'fast' }, `clock must be 'real', 'manual' or a clock`],
      [{ seed: '' }, 'seed must be a non-empty string or a finite number'],
      [{ port: 4010 }, 'unknown option "port"'],
    ];
    for (const [options, message] of cases) {
      expect(() => createPartnerAssistantHandlers(options as never)).toThrow(
        PartnerAssistantHandlersOptionsError,
      );
      expect(() => createPartnerAssistantHandlers(options as never)).toThrow(message);
    }
    expect(() => createPartnerAssistantHandlers({ config: { partners: [] } })).toThrow(
      ReferenceConfigError,
    );
  });

  it('gives an http handler per REST operation and one channel handler', () => {
    const { handlers, control } = createPartnerAssistantHandlers({ seed: 1 });
    expect(handlers.length).toBeGreaterThan(10);
    expect(control.clock.mode).toBe('manual');
    expect(control.clock.now().toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });
});
