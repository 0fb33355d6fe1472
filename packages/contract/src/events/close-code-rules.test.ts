import { describe, expect, it } from 'vitest';
import { CLOSE_CODE_RULES } from './close-code-rules.ts';
import { CLOSE_CODES, isReconnectableClose } from './close-codes.ts';

describe('CLOSE_CODE_RULES', () => {
  it('describes every close code once, in code order', () => {
    const codes = CLOSE_CODE_RULES.map((rule) => rule.code);
    expect(codes).toEqual(Object.values(CLOSE_CODES).sort((a, b) => a - b));
  });

  it.each(CLOSE_CODE_RULES.map((rule) => [rule.code, rule] as const))(
    '%i says to reconnect exactly when isReconnectableClose does',
    (code, rule) => {
      expect(rule.reconnect).toBe(isReconnectableClose(code));
    },
  );
});
