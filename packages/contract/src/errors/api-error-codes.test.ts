import { describe, expect, it } from 'vitest';
import {
  API_ERROR_CODE_LIST,
  API_ERROR_CODES,
  API_ERROR_DESCRIPTIONS,
  httpStatusOf,
  isApiErrorCode,
  isRetryableCode,
} from './api-error-codes.ts';

describe('API_ERROR_CODES', () => {
  it.each([
    ['unauthorized', 401],
    ['insufficient_scope', 403],
    ['not_found', 404],
    ['method_not_allowed', 405],
    ['idempotency_conflict', 409],
    ['turn_in_progress', 409],
    ['payload_too_large', 413],
    ['unsupported_media_type', 415],
    ['invalid_request', 422],
    ['rate_limit_exceeded', 429],
    ['internal_error', 500],
    ['queue_unavailable', 503],
  ] as const)('%s is HTTP %i', (code, status) => {
    expect(httpStatusOf(code)).toBe(status);
  });

  it('lists exactly the decided codes', () => {
    expect(API_ERROR_CODE_LIST).toHaveLength(12);
    expect(API_ERROR_CODE_LIST).toEqual(Object.keys(API_ERROR_CODES));
  });

  it.each(API_ERROR_CODE_LIST)('%s is retryable only for 429, 500 and 503', (code) => {
    expect(isRetryableCode(code)).toBe([429, 500, 503].includes(httpStatusOf(code)));
  });

  it.each(API_ERROR_CODE_LIST)('%s has an HTTP error status and a description', (code) => {
    expect(httpStatusOf(code)).toBeGreaterThanOrEqual(400);
    expect(httpStatusOf(code)).toBeLessThan(600);
    expect(API_ERROR_DESCRIPTIONS[code]).not.toBe('');
  });
});

describe('isApiErrorCode', () => {
  it.each(API_ERROR_CODE_LIST)('recognizes %s', (code) => {
    expect(isApiErrorCode(code)).toBe(true);
  });

  it.each([
    'processing_failed',
    'NOT_FOUND',
    'toString',
    '__proto__',
    'constructor',
    '',
    404,
    null,
    undefined,
    {},
  ])('refuses %j', (value) => {
    expect(isApiErrorCode(value)).toBe(false);
  });
});
