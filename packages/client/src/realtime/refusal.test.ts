import { API_ERROR_CODE_LIST, httpStatusOf } from '@partner-assistant/contract/constants';
import { describe, expect, it } from 'vitest';
import { refusalOf, rejectionOf } from './refusal.ts';

const rejected = (code: string, retryable = false) =>
  ({
    type: 'frame.rejected',
    client_message_id: 'key-1',
    error: { code, message: 'No', retryable, request_id: 'r-1' },
  }) as const;

describe('the errors of server refusals', () => {
  it('a refused frame carries the status of its code, as the contract gives it', () => {
    for (const code of API_ERROR_CODE_LIST) {
      expect(rejectionOf(rejected(code))).toMatchObject({
        name: 'PartnerApiError',
        status: httpStatusOf(code),
        code,
        message: 'No',
        retryable: false,
        requestId: 'r-1',
      });
    }
  });

  it('a code this version does not know is a 400, also one named as a property of objects', () => {
    for (const code of ['future_code', 'toString', '__proto__', 'constructor']) {
      expect(rejectionOf(rejected(code, true))).toMatchObject({
        status: 400,
        code,
        retryable: true,
      });
    }
  });

  it('a connection refused for good', () => {
    expect(refusalOf(4403)).toMatchObject({ status: 403, code: 'insufficient_scope' });
    expect(refusalOf(4401)).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(refusalOf(4400)).toMatchObject({
      status: 400,
      code: 'invalid_request',
      retryable: false,
    });
  });
});
