import { expectTypeOf, test } from 'vitest';
import { isPartnerApiError } from './partner-api-error.ts';

test('isPartnerApiError narrows code to the literal asked for', () => {
  const error: unknown = undefined;
  if (isPartnerApiError(error, 'rate_limit_exceeded')) {
    expectTypeOf(error.code).toEqualTypeOf<'rate_limit_exceeded'>();
    expectTypeOf(error.retryAfterMs).toEqualTypeOf<number | undefined>();
  }
  if (isPartnerApiError(error)) {
    expectTypeOf(error.status).toBeNumber();
    expectTypeOf(error.requestId).toEqualTypeOf<string | undefined>();
  }
  // @ts-expect-error not an API error code
  isPartnerApiError(error, 'no_such_code');
});
