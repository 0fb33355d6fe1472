import { describe, expect, it } from 'vitest';
import { CLOSE_CODES, isReconnectableClose } from './close-codes.ts';

describe('isReconnectableClose', () => {
  it.each([
    ['normalClosure', 1000, false],
    ['goingAway', 1001, true],
    ['messageTooBig', 1009, true],
    ['internalError', 1011, true],
    ['invalidRequest', 4400, false],
    ['unauthorized', 4401, false],
    ['insufficientScope', 4403, false],
    ['rateLimited', 4429, true],
  ] as const)('%s (%i) → reconnect %s', (name, code, reconnect) => {
    expect(CLOSE_CODES[name]).toBe(code);
    expect(isReconnectableClose(code)).toBe(reconnect);
  });

  it('reconnects after an abnormal closure (network loss) and unknown codes', () => {
    expect(isReconnectableClose(1006)).toBe(true);
    expect(isReconnectableClose(4999)).toBe(true);
  });

  it('covers every close code of the table', () => {
    expect(Object.keys(CLOSE_CODES)).toHaveLength(8);
  });
});
