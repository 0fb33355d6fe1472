import { readFileSync } from 'node:fs';
import AjvDraft7 from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import type { RecordedClose, RecordedExchange } from './recording-api.ts';

// biome-ignore lint/suspicious/noExplicitAny: the documents are plain JSON read from disk.
type Json = any;

const root = new URL('../../', import.meta.url);
/** The published documents, as committed. */
export const openApiDocument: Json = JSON.parse(
  readFileSync(new URL('docs/openapi.json', root), 'utf8'),
);
export const asyncApiDocument: Json = parse(
  readFileSync(new URL('docs/asyncapi.yaml', root), 'utf8'),
);

/** Headers every HTTP response may carry whatever the document says (transport and CORS). */
const GENERIC_HEADERS = new Set([
  'content-type',
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'cache-control',
  'pragma',
  'access-control-allow-origin',
  'access-control-expose-headers',
]);

/**
 * The schemas with unknown properties refused: every object schema that lists its properties
 * gets `additionalProperties: false`, and `#/components/schemas/X` becomes a reference into the
 * `components` schema. The published documents stay open (clients must accept new fields); this
 * pass checks that the server sends nothing they do not declare.
 */
function strict(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(strict);
  if (schema === null || typeof schema !== 'object') return schema;
  const result: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    result[key] =
      key === '$ref' && typeof value === 'string'
        ? value.replace('#/components/schemas/', 'components#/$defs/')
        : strict(value);
  }
  if (result.type === 'object' && result.properties) result.additionalProperties = false;
  return result;
}

function validatorOf(ajv: InstanceType<typeof AjvDraft7>, schemas: Json) {
  addFormats(ajv);
  ajv.addSchema({ $id: 'components', $defs: strict(schemas) });
  return (schema: Json, value: unknown): string[] => {
    const validate = ajv.compile(strict(schema));
    if (validate(value)) return [];
    return (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
  };
}

const validateRest = validatorOf(
  new Ajv2020({ strict: false, allErrors: true }),
  openApiDocument.components.schemas,
);
const validateFrame = validatorOf(
  new AjvDraft7({ strict: false, allErrors: true }),
  asyncApiDocument.components.schemas,
);

function operationOf(exchange: RecordedExchange): Json | undefined {
  for (const [template, item] of Object.entries(openApiDocument.paths as Json)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    if (pattern.test(`/api/partners/v1${exchange.path}`)) {
      return (item as Json)[exchange.method.toLowerCase()];
    }
  }
  return undefined;
}

function headerProblems(exchange: RecordedExchange, declared: Json): string[] {
  const byName = new Map<string, Json>(
    Object.entries(declared ?? {}).map(([name, header]) => [name.toLowerCase(), header]),
  );
  const resolve = (header: Json) =>
    header.$ref ? openApiDocument.components.headers[header.$ref.split('/').pop()] : header;
  const problems: string[] = [];
  for (const [name, value] of Object.entries(exchange.headers)) {
    if (GENERIC_HEADERS.has(name)) continue;
    const header = byName.get(name);
    if (!header) {
      problems.push(`undeclared header ${name}`);
      continue;
    }
    const schema = resolve(header).schema;
    const parsed = schema.type === 'integer' ? Number(value) : value;
    problems.push(...validateRest(schema, parsed).map((problem) => `header ${name}:${problem}`));
  }
  for (const [name, header] of byName) {
    if (resolve(header).required && !(name in exchange.headers)) {
      problems.push(`required header ${name} missing`);
    }
  }
  return problems;
}

/** What is wrong with one REST answer against docs/openapi.json (nothing: `[]`). */
export function restProblems(exchange: RecordedExchange): string[] {
  const operation = operationOf(exchange);
  if (!operation) return ['no such operation'];
  const response = operation.responses[String(exchange.status)];
  if (!response) return [`status ${exchange.status} not declared`];
  const schema = response.content['application/json'].schema;
  return [...validateRest(schema, exchange.body), ...headerProblems(exchange, response.headers)];
}

/** What is wrong with one server frame against docs/asyncapi.yaml. */
export function frameProblems(frame: Json): string[] {
  const [key, message] =
    Object.entries(asyncApiDocument.components.messages as Json).find(
      ([, candidate]: [string, Json]) => candidate.name === frame?.type,
    ) ?? [];
  const sentByServer = Object.values(asyncApiDocument.operations as Json).some(
    (operation: Json) =>
      operation.action === 'send' &&
      operation.messages.some((ref: Json) => ref.$ref.endsWith(`/${key}`)),
  );
  if (!message || !sentByServer) return [`undeclared server frame ${frame?.type}`];
  return validateFrame((message as Json).payload, frame);
}

/** What is wrong with a close against the channel's `x-close-codes`. */
export function closeProblems(close: RecordedClose): string[] {
  const rule = (asyncApiDocument.channels.chat['x-close-codes'] as Json[]).find(
    (candidate) => candidate.code === close.code,
  );
  if (!rule) return [`close code ${close.code} not declared`];
  return rule.phases.includes(close.phase)
    ? []
    : [`close code ${close.code} declared for ${rule.phases.join(', ')}, seen ${close.phase}`];
}
