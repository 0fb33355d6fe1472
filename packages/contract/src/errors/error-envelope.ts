import { z } from 'zod';
import { uuidSchema } from '../primitives/uuid.ts';
import type { ApiErrorCode } from './api-error-codes.ts';

/** One invalid field of a `422 invalid_request`, pointed to by a dotted path. */
export const errorDetailSchema = z
  .looseObject({
    path: z
      .string()
      .meta({ description: 'Dotted path of the field, such as `body.title` or `query.limit`.' }),
    message: z.string(),
  })
  .meta({ id: 'ErrorDetail' });

/** The body of {@link errorEnvelopeSchema}. */
export const errorBodySchema = z
  .looseObject({
    code: z.string().meta({ description: 'Machine-readable code; see the error code table.' }),
    message: z.string().meta({ description: 'Human-readable text.' }),
    retryable: z.boolean().meta({ description: 'Automatic retry is allowed only when true.' }),
    request_id: uuidSchema.meta({
      description: 'To be quoted to support; also in `X-Request-Id`.',
    }),
    details: z
      .array(errorDetailSchema)
      .optional()
      .meta({ description: 'Invalid fields, on `invalid_request`.' }),
  })
  .meta({ id: 'ErrorBody' });

/** The JSON envelope of every error response. */
export const errorEnvelopeSchema = z.looseObject({ error: errorBodySchema }).meta({
  id: 'ErrorEnvelope',
  examples: [
    {
      error: {
        code: 'not_found',
        message: 'Conversation not found',
        retryable: false,
        request_id: '0b6b3c54-3f7e-4c8e-9a43-6b1de1f0c2aa',
      },
    },
  ],
});

/** One invalid field of a `422 invalid_request`. */
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

/**
 * The body of an error envelope. `code` is typed with the known codes while still accepting a
 * code added by a later version of the API.
 */
export interface ErrorBody {
  /** Machine-readable code. */
  code: ApiErrorCode | (string & {});
  /** Human-readable text. */
  message: string;
  /** Automatic retry is allowed only when true. */
  retryable: boolean;
  /** To be quoted to support; also in `X-Request-Id`. */
  request_id: string;
  /** Invalid fields, on `invalid_request`. */
  details?: ErrorDetail[];
  /** Fields added by later versions of the API. */
  [field: string]: unknown;
}

/** The JSON envelope of every error response. */
export interface ErrorEnvelope {
  /** The error. */
  error: ErrorBody;
}
