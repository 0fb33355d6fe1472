import { describe, expect, it } from 'vitest';
import { isPartnerApiError, PartnerApiError } from './partner-api-error.ts';
import { isPartnerError } from './partner-error.ts';
import { isPartnerNetworkError, PartnerNetworkError } from './partner-network-error.ts';
import { isPartnerTimeoutError, PartnerTimeoutError } from './partner-timeout-error.ts';
import { isPartnerValidationError, PartnerValidationError } from './partner-validation-error.ts';

describe('errors', () => {
  const apiError = new PartnerApiError({
    status: 429,
    code: 'rate_limit_exceeded',
    message: 'slow down',
    retryable: true,
    requestId: 'r-1',
  });

  it('carry a literal name, retryable and the base class', () => {
    expect(apiError).toBeInstanceOf(Error);
    expect(apiError.name).toBe('PartnerApiError');
    expect(new PartnerNetworkError('x').retryable).toBe(true);
    expect(new PartnerTimeoutError(10).name).toBe('PartnerTimeoutError');
    expect(new PartnerValidationError([{ field: 'locale', message: 'bad' }]).retryable).toBe(false);
  });

  it('narrow by code', () => {
    expect(isPartnerApiError(apiError, 'rate_limit_exceeded')).toBe(true);
    expect(isPartnerApiError(apiError, 'unauthorized')).toBe(false);
    expect(isPartnerApiError(apiError)).toBe(true);
    expect(isPartnerApiError(new Error('x'))).toBe(false);
  });

  it('are recognized when thrown by another copy of the package', () => {
    // What a second copy's instance looks like to this copy: the same registered symbols.
    const foreign = Object.assign(new Error('x'), {
      [Symbol.for('@partner-assistant/error')]: true,
      [Symbol.for('@partner-assistant/error.PartnerTimeoutError')]: true,
    });
    expect(foreign).not.toBeInstanceOf(PartnerTimeoutError);
    expect(isPartnerError(foreign)).toBe(true);
    expect(isPartnerTimeoutError(foreign)).toBe(true);
    expect(isPartnerNetworkError(foreign)).toBe(false);
    expect(isPartnerValidationError(foreign)).toBe(false);
  });

  it('keep the cause', () => {
    const cause = new TypeError('fetch failed');
    expect(new PartnerNetworkError('down', { cause }).cause).toBe(cause);
  });
});
