import { type ErrorDetail, OPERATIONS, type OperationName } from '@partner-assistant/contract';
import type { z } from 'zod';
import { ApiError } from '../errors/api-error.ts';
import { withCanonicalIds } from '../ids/canonical-ids.ts';

/** The body of a request as the transport found it. */
export type RequestBody =
  | { kind: 'absent' }
  | { kind: 'json'; value: unknown }
  | { kind: 'refused'; error: ApiError };

/** Raw inputs of one operation, before validation. */
export interface RawOperationInput {
  /** Path parameters, percent-decoded. */
  params: Record<string, string>;
  /** Query parameters; a repeated one holds every value. */
  query: Record<string, string | string[]>;
  /** The body. */
  body: RequestBody;
}

function detailsOf(prefix: string, error: z.ZodError): ErrorDetail[] {
  return error.issues.flatMap((issue) => {
    const path = [prefix, ...issue.path.map(String)].join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: `${path}.${key}`, message: 'Unknown property' }));
    }
    return [{ path, message: issue.message }];
  });
}

function parsePart(
  prefix: string,
  schema: z.ZodType | undefined,
  value: unknown,
  details: ErrorDetail[],
): unknown {
  if (!schema) return {};
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  details.push(...detailsOf(prefix, result.error));
  return undefined;
}

function queryDetails(
  name: OperationName,
  query: Record<string, string | string[]>,
): ErrorDetail[] {
  const accepted = OPERATIONS[name] as { query?: z.ZodObject };
  return Object.entries(query).flatMap(([key, value]): ErrorDetail[] => {
    if (Array.isArray(value)) return [{ path: `query.${key}`, message: 'Must not be repeated' }];
    if (!accepted.query) return [{ path: `query.${key}`, message: 'Unknown query parameter' }];
    return [];
  });
}

/**
 * Validates the path, query and body of operation `name` with its contract schemas, reporting
 * every invalid field at once. UUIDs of the path and body come out in canonical lower case.
 *
 * @throws {ApiError} `415`/`422` for a refused body, `422 invalid_request` with `details`.
 */
export function parseOperationInput(name: OperationName, raw: RawOperationInput) {
  const definition = OPERATIONS[name] as {
    pathParams?: z.ZodType;
    query?: z.ZodType;
    body?: z.ZodType;
  };
  if (definition.body && raw.body.kind === 'refused') throw raw.body.error;
  const details: ErrorDetail[] = queryDetails(name, raw.query);
  const params = parsePart('path', definition.pathParams, raw.params, details);
  const query =
    details.length === 0 ? parsePart('query', definition.query, raw.query, details) : undefined;
  const bodyValue = raw.body.kind === 'json' ? raw.body.value : {};
  const body = parsePart('body', definition.body, bodyValue, details);
  if (details.length > 0) {
    const summary = details.map((detail) => `${detail.path}: ${detail.message}`).join('; ');
    throw new ApiError('invalid_request', `Invalid request: ${summary}`, { details });
  }
  return { params: withCanonicalIds(params), query, body: withCanonicalIds(body) };
}
