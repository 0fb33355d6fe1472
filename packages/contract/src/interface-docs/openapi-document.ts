import type { z } from 'zod';
import { API_VERSION, INTERFACE_VERSION, PATH_PREFIX } from '../constants/api-version.ts';
import { FIELD_LIMITS } from '../constants/field-limits.ts';
import { errorEnvelopeSchema } from '../errors/error-envelope.ts';
import { OPERATIONS, type OperationDefinition, type OperationName } from '../operations.ts';
import {
  SPECIFIED_ERROR_FIELDS,
  SPECIFIED_RESPONSE_FIELDS,
  SPECIFIED_SUCCESS_STATUSES,
} from '../promises/specified-fields.ts';
import { errorResponses } from './openapi-error-responses.ts';
import { OPENAPI_HEADERS, successHeaders } from './openapi-headers.ts';
import {
  DECISION_MARK,
  DECISION_NOTE,
  NOT_SHOWN_NOTE,
  PromisedSchemas,
} from './promised-schemas.ts';
import { firstExample, type JsonSchema, SchemaComponents } from './schema-components.ts';
import { OPENAPI_SERVERS } from './servers.ts';

/** How a request body is bounded, on every operation that takes one. */
const BODY_LIMIT = `JSON, at most ${FIELD_LIMITS.maxBodyBytes} bytes (64 KiB); a larger body is refused with \`413 payload_too_large\`. Unknown properties are refused with \`422 invalid_request\`.`;

/** How strictly the query string is read, on every operation that takes one. */
const QUERY_RULES =
  'The query string is read strictly: a parameter not listed here, a repeated parameter, or a value that is not written in decimal digits only (no sign, decimal point, exponent or empty value; leading zeros are allowed) is refused with `422 invalid_request`.';

/** What the query string of an operation that defines none takes. */
const NO_QUERY_RULE =
  'The operation takes no query parameters: any parameter is refused with `422 invalid_request`.';

/** What a `HEAD` request to a `GET` operation's path gets (RFC 9110 §9.3.2). */
const HEAD_RULE =
  '`HEAD` on this path answers the status and headers `GET` would, without the body.';

/**
 * An example of each path parameter, for tools that build requests from the document (Dredd,
 * Portman): a UUID of the document's examples, or the example external user id.
 */
const PATH_PARAMETER_EXAMPLES: Readonly<Record<string, string>> = {
  conversation_id: '3f9a7c2e-5b1d-4e8f-a6c0-9d2b7e4f1a35',
  turn_id: '1d4b5c6e-7f80-4a91-b2c3-d4e5f6a7b8c9',
  message_id: '6f1c1b8e-3c2a-4e55-9d0e-2f8f0b7a9c11',
  external_user_id: 'user-42',
};

const DESCRIPTION = [
  'REST interface of the Partner Assistant API: token issuance, conversations, messages and turns,',
  'feedback, user data erasure and capability inspection. Streaming uses the WebSocket channel',
  'described in the AsyncAPI document. Generated from `@partner-assistant/contract`; decisions on',
  'points the specification leaves open are in `docs/reference/decisions.md`.',
  `It describes what a deployment that keeps the specification sends: a field, header or status that only our decisions add is optional and carries \`${DECISION_MARK}: true\`, with what a client does without it.`,
  `Request bodies are JSON of at most ${FIELD_LIMITS.maxBodyBytes} bytes (64 KiB).`,
].join(' ');

/** Builds the OpenAPI 3.1 document of the REST interface from the contract's schemas. */
export function buildOpenApiDocument(): JsonSchema {
  const components = new SchemaComponents('draft-2020-12');
  const promised = new PromisedSchemas(components);
  const errorEnvelope = promised.body(
    components.toJson(errorEnvelopeSchema, 'output'),
    SPECIFIED_ERROR_FIELDS,
    'error',
  );
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const operation of Object.values(OPERATIONS) as OperationDefinition[]) {
    const path = `${PATH_PREFIX}${operation.path}`;
    paths[path] ??= {};
    paths[path][operation.method.toLowerCase()] = describeOperation(operation, {
      components,
      promised,
      errorEnvelope,
    });
  }
  const schemas = components.all();
  const document: JsonSchema = {
    openapi: '3.1.0',
    info: {
      title: 'Partner Assistant API',
      version: INTERFACE_VERSION,
      description: DESCRIPTION,
      license: { name: 'MIT', identifier: 'MIT' },
      contact: {
        name: 'Partner Assistant SDK team',
        url: 'https://github.com/partner-assistant/sdk/issues',
      },
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: OPENAPI_SERVERS,
    tags: [
      { name: 'backend', description: 'Partner backend only (application credentials).' },
      { name: 'chat', description: `User token operations (${API_VERSION}).` },
    ],
    paths,
    components: {
      schemas,
      headers: OPENAPI_HEADERS,
      securitySchemes: {
        applicationCredentials: {
          type: 'http',
          scheme: 'basic',
          description:
            'Client id and client secret. Partner backend only; never in an app or a log.',
        },
        userToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'Short-lived opaque user token from token issuance.',
        },
      },
    },
  };
  promised.finish(document, schemas);
  return document;
}

/** What describing an operation needs: the schemas, as emitted and as promised. */
interface DocumentParts {
  readonly components: SchemaComponents;
  readonly promised: PromisedSchemas;
  /** The error envelope as promised (a `$ref`). */
  readonly errorEnvelope: JsonSchema;
}

function describeOperation(operation: OperationDefinition, parts: DocumentParts): JsonSchema {
  const { components } = parts;
  const parameters = [
    ...parametersOf(operation.pathParams, 'path', components),
    ...parametersOf(operation.query, 'query', components),
  ];
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    tags: [operation.auth === 'basic' ? 'backend' : 'chat'],
    security: [{ [operation.auth === 'basic' ? 'applicationCredentials' : 'userToken']: [] }],
    ...describeRules(operation),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(operation.body ? { requestBody: requestBody(operation.body, components) } : {}),
    responses: {
      ...Object.fromEntries(
        Object.entries(operation.responses).map(([status, response]) => [
          status,
          successResponse(operation, Number(status), response, parts),
        ]),
      ),
      ...errorResponses(operation.errors, parts.errorEnvelope),
    },
  };
}

/**
 * A success answer: its body as the specification promises it, and its status marked as our
 * decision unless the specification gives it.
 */
function successResponse(
  operation: OperationDefinition,
  status: number,
  response: { schema: z.ZodType; description: string },
  parts: DocumentParts,
): JsonSchema {
  const name = operation.operationId as OperationName;
  const body = jsonBody(response.schema, 'output', parts.components);
  const media = (body.content as Record<string, JsonSchema>)['application/json']!;
  media.schema = parts.promised.body(
    media.schema as JsonSchema,
    SPECIFIED_RESPONSE_FIELDS[name],
    name,
  );
  const decided = SPECIFIED_SUCCESS_STATUSES[name] !== status;
  const notes = [
    response.description,
    ...(SPECIFIED_RESPONSE_FIELDS[name] === 'decision'
      ? [`Its fields beyond the five the specification shows: ${NOT_SHOWN_NOTE}`]
      : []),
    ...(decided ? [`The status code: ${DECISION_NOTE} A client takes any 2xx as success.`] : []),
  ];
  return {
    ...body,
    description: notes.join(' '),
    ...(decided ? { [DECISION_MARK]: true } : {}),
    headers: successHeaders(operation.operationId),
  };
}

/**
 * A JSON request body. It is required unless the schema accepts `{}`: the server reads an absent
 * body as `{}`, so such an operation (conversation creation) may be called without one.
 */
function requestBody(schema: z.ZodType, components: SchemaComponents): JsonSchema {
  return {
    description: BODY_LIMIT,
    required: !schema.safeParse({}).success,
    ...jsonBody(schema, 'input', components),
  };
}

function jsonBody(
  schema: z.ZodType,
  io: 'input' | 'output',
  components: SchemaComponents,
): JsonSchema {
  const example = firstExample(schema);
  return {
    content: {
      'application/json': {
        schema: components.toJson(schema, io),
        ...(example === undefined ? {} : { example }),
      },
    },
  };
}

/** The operation's description: its scope and its rules beyond the schemas. */
function describeRules(operation: OperationDefinition): JsonSchema {
  const lines = [
    operation.auth === 'basic'
      ? 'Partner backend only: HTTP Basic with the application credentials.'
      : 'HTTP Bearer with a user token.',
    ...(operation.scope ? [`Requires scope \`${operation.scope}\`.`] : []),
    operation.query ? QUERY_RULES : NO_QUERY_RULE,
    ...(operation.method === 'GET' ? [HEAD_RULE] : []),
  ];
  return {
    ...(operation.scope ? { 'x-required-scope': operation.scope } : {}),
    description: lines.join(' '),
  };
}

function parametersOf(
  shape: z.ZodObject | undefined,
  location: 'path' | 'query',
  components: SchemaComponents,
): JsonSchema[] {
  if (!shape) return [];
  return Object.entries(shape.shape).map(([name, field]) => {
    // Query values arrive as strings; the output view shows the integer they must parse to.
    const schema = components.toJson(field as z.ZodType, location === 'query' ? 'output' : 'input');
    const { description, ...rest } = schema;
    const example =
      firstExample(field as z.ZodType) ??
      (location === 'path' ? PATH_PARAMETER_EXAMPLES[name] : undefined);
    return {
      name,
      in: location,
      required: location === 'path',
      ...(description ? { description } : {}),
      schema: rest,
      ...(example === undefined ? {} : { example }),
    };
  });
}
