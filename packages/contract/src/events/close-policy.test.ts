import { describe, expect, it } from 'vitest';
import { CLOSE_CODE_RULES } from './close-code-rules.ts';
import { CLOSE_CODES } from './close-codes.ts';
import { ABNORMAL_CLOSURE, closeActionOf } from './close-policy.ts';

describe('closeActionOf', () => {
  it.each(CLOSE_CODE_RULES.map((rule) => [rule.code, rule] as const))(
    '%i follows its rule: reconnect, replace the refused token, or stop when the handshake was refused',
    (code, rule) => {
      const expected =
        code === CLOSE_CODES.unauthorized
          ? 'refresh-token'
          : !rule.reconnect && rule.phases.includes('handshake')
            ? 'give-up'
            : 'reconnect';
      expect(closeActionOf(code)).toBe(expected);
    },
  );

  it('reconnects after a cut (1006) and after codes it does not know', () => {
    expect(closeActionOf(ABNORMAL_CLOSURE)).toBe('reconnect');
    expect(closeActionOf(4999)).toBe('reconnect');
  });
});
