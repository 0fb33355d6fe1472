import { readFileSync } from 'node:fs';
import { Parser } from '@asyncapi/parser';
import { SERVER_EVENT_TYPES } from '@partner-assistant/contract';
import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { renderInterfaceDocuments } from '../scripts/interface-documents.ts';

const root = new URL('..', import.meta.url);
const committed = (path: string) => readFileSync(new URL(path, root), 'utf8');

/** Every REST endpoint of the specification, as `METHOD path`. */
const SPEC_ENDPOINTS = [
  'post /api/partners/v1/tokens',
  'post /api/partners/v1/conversations',
  'patch /api/partners/v1/conversations/{conversation_id}',
  'delete /api/partners/v1/conversations/{conversation_id}',
  'post /api/partners/v1/conversations/{conversation_id}/messages',
  'get /api/partners/v1/conversations/{conversation_id}/messages',
  'get /api/partners/v1/turns/{turn_id}',
  'delete /api/partners/v1/turns/{turn_id}',
  'post /api/partners/v1/messages/{message_id}/feedback',
  'delete /api/partners/v1/users/{external_user_id}',
  'get /api/partners/v1/capabilities',
];

/** A parameter of the OpenAPI document, as far as these checks read it. */
interface PathParameter {
  name: string;
  in: string;
  example?: unknown;
  schema: { pattern?: string };
}

describe('generated interface documents', () => {
  const rendered = renderInterfaceDocuments();

  it.each(Object.keys(rendered))(
    '%s is up to date (run `pnpm generate` after changing the contract)',
    (path) => {
      expect(committed(path)).toBe(rendered[path]);
    },
  );

  it('the OpenAPI document validates and covers every REST endpoint of the specification', async () => {
    const document = JSON.parse(committed('docs/openapi.json'));
    const result = await validate(structuredClone(document));
    expect(result.valid ? [] : result.errors).toEqual([]);
    const endpoints = Object.entries(document.paths as Record<string, object>).flatMap(
      ([path, item]) => Object.keys(item).map((method) => `${method} ${path}`),
    );
    expect(endpoints.sort()).toEqual([...SPEC_ENDPOINTS].sort());
  });

  it('the OpenAPI document documents the error envelope on every operation', () => {
    const document = JSON.parse(committed('docs/openapi.json'));
    for (const item of Object.values(
      document.paths as Record<string, Record<string, { responses: object }>>,
    )) {
      for (const operation of Object.values(item)) {
        expect(Object.keys(operation.responses)).toContain('401');
        expect(Object.keys(operation.responses)).toContain('429');
        // Any request can send a body over 64 KiB or a query parameter the operation lacks.
        expect(Object.keys(operation.responses)).toContain('413');
        expect(Object.keys(operation.responses)).toContain('422');
      }
    }
  });

  it('the OpenAPI document gives every path parameter an example its schema accepts', () => {
    const document = JSON.parse(committed('docs/openapi.json'));
    const parameters = Object.values(
      document.paths as Record<string, Record<string, { parameters?: PathParameter[] }>>,
    ).flatMap((item) => Object.values(item).flatMap((operation) => operation.parameters ?? []));
    const inPath = parameters.filter((parameter) => parameter.in === 'path');
    expect(inPath.length).toBeGreaterThan(0);
    for (const parameter of inPath) {
      expect(typeof parameter.example, parameter.name).toBe('string');
      const pattern = parameter.schema.pattern;
      if (pattern) expect(parameter.example, parameter.name).toMatch(new RegExp(pattern, 'u'));
    }
  });

  it('the AsyncAPI document validates and covers every client frame and server event', async () => {
    const text = committed('docs/asyncapi.yaml');
    const { document, diagnostics } = await new Parser().parse(text);
    const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 0);
    expect(errors.map((error) => `${error.path.join('.')}: ${error.message}`)).toEqual([]);
    expect(document).toBeDefined();
    const names = Object.values(
      parse(text).components.messages as Record<string, { name: string }>,
    ).map((m) => m.name);
    expect(names.sort()).toEqual(
      [...SERVER_EVENT_TYPES, 'user.message', 'ping', 'turn.subscribe'].sort(),
    );
  });
});

describe('what only our decisions add', () => {
  // biome-ignore lint/suspicious/noExplicitAny: the documents are plain JSON read from disk.
  type Json = any;
  const documents: Record<string, Json> = {
    'openapi.json': JSON.parse(committed('docs/openapi.json')),
    'asyncapi.yaml': parse(committed('docs/asyncapi.yaml')),
  };
  /** Every object schema of a document with the fields it requires and the fields it marks. */
  function objectsOf(value: Json, at: string, found: Array<[string, Json]> = []) {
    if (value === null || typeof value !== 'object') return found;
    if (value.properties) found.push([at, value]);
    for (const [key, inner] of Object.entries(value)) objectsOf(inner, `${at}/${key}`, found);
    return found;
  }

  it.each(Object.keys(documents))(
    '%s requires no field that is optional in a deployment',
    (name) => {
      const problems: string[] = [];
      for (const [at, schema] of objectsOf(documents[name], name)) {
        for (const [field, property] of Object.entries(schema.properties as Record<string, Json>)) {
          const whenAbsent = String(property.description ?? '').includes('When absent:');
          const required = (schema.required ?? []).includes(field);
          if (whenAbsent && required) problems.push(`${at}.${field} is required`);
          if (property['x-partner-assistant-decision'] && !required && !whenAbsent)
            problems.push(`${at}.${field} is optional with no fallback`);
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it('leaves every header of our decisions optional, saying what a client does without it', () => {
    const headers = documents['openapi.json'].components.headers as Record<string, Json>;
    const decided = Object.entries(headers).filter(([, h]) => h['x-partner-assistant-decision']);
    expect(decided.map(([name]) => name).sort()).toEqual(
      [
        'IdempotentReplayed',
        'RateLimitLimit',
        'RateLimitRemaining',
        'RateLimitReset',
        'RequestId',
        'RetryAfter',
      ].sort(),
    );
    for (const [, header] of decided) {
      expect(header.required).not.toBe(true);
      expect(header.description).toContain('When absent:');
    }
  });
});
