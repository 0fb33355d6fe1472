import type { z } from 'zod';
import { API_VERSION, INTERFACE_VERSION, PATH_PREFIX } from '../constants/api-version.ts';
import { errorEnvelopeSchema } from '../errors/error-envelope.ts';
import { OPERATIONS, type OperationDefinition } from '../operations.ts';
import { errorResponses } from './openapi-error-responses.ts';
import { OPENAPI_HEADERS, successHeaders } from './openapi-headers.ts';
import { firstExample, type JsonSchema, SchemaComponents } from './schema-components.ts';

const DESCRIPTION = [
  'REST interface of the Partner Assistant API: token issuance, conversations, messages and turns,',
  'feedback, user data erasure and capability inspection. Streaming uses the WebSocket channel',
  'described in the AsyncAPI document. Generated from `@partner-assistant/contract`; decisions on',
  'points the specification leaves open are in `docs/reference/decisions.md`.',
].join(' ');

/** Builds the OpenAPI 3.1 document of the REST interface from the contract's schemas. */
export function buildOpenApiDocument(): JsonSchema {
  const components = new SchemaComponents('draft-2020-12');
  components.toJson(errorEnvelopeSchema, 'output');
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const operation of Object.values(OPERATIONS) as OperationDefinition[]) {
    const path = `${PATH_PREFIX}${operation.path}`;
    paths[path] ??= {};
    paths[path][operation.method.toLowerCase()] = describeOperation(operation, components);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Partner Assistant API',
      version: INTERFACE_VERSION,
      description: DESCRIPTION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [
      {
        url: '{base_url}',
        description: 'The API base address (sandbox and production alike).',
        variables: { base_url: { default: 'http://127.0.0.1:4010' } },
      },
    ],
    tags: [
      { name: 'backend', description: 'Partner backend only (application credentials).' },
      { name: 'chat', description: `User token operations (${API_VERSION}).` },
    ],
    paths,
    components: {
      schemas: components.all(),
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
}

function describeOperation(
  operation: OperationDefinition,
  components: SchemaComponents,
): JsonSchema {
  const parameters = [
    ...parametersOf(operation.pathParams, 'path', components),
    ...parametersOf(operation.query, 'query', components),
  ];
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    tags: [operation.auth === 'basic' ? 'backend' : 'chat'],
    security: [{ [operation.auth === 'basic' ? 'applicationCredentials' : 'userToken']: [] }],
    ...(operation.scope
      ? {
          'x-required-scope': operation.scope,
          description: `Requires scope \`${operation.scope}\`.`,
        }
      : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(operation.body ? { requestBody: jsonBody(operation.body, 'input', components, true) } : {}),
    responses: {
      ...Object.fromEntries(
        Object.entries(operation.responses).map(([status, response]) => [
          status,
          {
            ...jsonBody(response.schema, 'output', components),
            description: response.description,
            headers: successHeaders(operation.operationId),
          },
        ]),
      ),
      ...errorResponses(operation.errors),
    },
  };
}

function jsonBody(
  schema: z.ZodType,
  io: 'input' | 'output',
  components: SchemaComponents,
  required?: boolean,
): JsonSchema {
  const example = firstExample(schema);
  return {
    ...(required ? { required: true } : {}),
    content: {
      'application/json': {
        schema: components.toJson(schema, io),
        ...(example === undefined ? {} : { example }),
      },
    },
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
    return {
      name,
      in: location,
      required: location === 'path',
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}
