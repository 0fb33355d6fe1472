import {
  API_ERROR_CODES,
  API_ERROR_DESCRIPTIONS,
  type ApiErrorCode,
} from '../errors/api-error-codes.ts';
import { errorHeaders } from './openapi-headers.ts';
import type { JsonSchema } from './schema-components.ts';

const EXAMPLE_REQUEST_ID = '0b6b3c54-3f7e-4c8e-9a43-6b1de1f0c2aa';

/** OpenAPI responses for the error codes of one operation, grouped by HTTP status. */
export function errorResponses(
  codes: readonly ApiErrorCode[],
  envelope: JsonSchema,
): Record<string, JsonSchema> {
  const byStatus = new Map<number, ApiErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = API_ERROR_CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const statuses = [...byStatus.keys()].sort((a, b) => a - b);
  return Object.fromEntries(
    statuses.map((status) => [String(status), errorResponse(byStatus.get(status)!, envelope)]),
  );
}

function errorResponse(codes: ApiErrorCode[], envelope: JsonSchema): JsonSchema {
  const status = API_ERROR_CODES[codes[0]!].status;
  return {
    description: codes.map((code) => `\`${code}\`: ${API_ERROR_DESCRIPTIONS[code]}`).join(' '),
    headers: errorHeaders(status),
    content: {
      'application/json': {
        schema: envelope,
        examples: Object.fromEntries(
          codes.map((code) => [
            code,
            {
              value: {
                error: {
                  code,
                  message: API_ERROR_DESCRIPTIONS[code],
                  retryable: API_ERROR_CODES[code].retryable,
                  request_id: EXAMPLE_REQUEST_ID,
                },
              },
            },
          ]),
        ),
      },
    },
  };
}
