import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { receivedServerEventSchema } from '../events/received-server-events.ts';
import { OPERATIONS, type OperationName } from '../operations.ts';
import {
  receivedCreatedConversationSchema,
  receivedListMessagesResponseSchema,
  receivedRenamedConversationSchema,
  receivedSendMessageResponseSchema,
  receivedSubmitFeedbackResponseSchema,
} from '../responses/received-responses.ts';
import { ABSENT_FIELD_RULES } from './decision-fallbacks.ts';
import {
  type FieldShape,
  SPECIFIED_EVENT_FIELDS,
  SPECIFIED_RESPONSE_FIELDS,
} from './specified-fields.ts';

type Json = Record<string, unknown>;

/** The fields `schema` requires (io `input`: a default makes a field optional) not in `shape`. */
function requiredBeyond(schema: z.ZodType, shape: FieldShape): string[] {
  const root = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  const defs = (root.$defs ?? {}) as Record<string, Json>;
  const walk = (node: Json, at: FieldShape, path: string): string[] => {
    if (at === true || at === 'decision') return [];
    if (typeof node.$ref === 'string') return walk(defs[node.$ref.split('/').pop()!]!, at, path);
    if (Array.isArray(node.anyOf)) return (node.anyOf as Json[]).flatMap((b) => walk(b, at, path));
    if (Array.isArray(at)) return node.items ? walk(node.items as Json, at[0], path) : [];
    const fields = at as { readonly [field: string]: FieldShape };
    const properties = (node.properties ?? {}) as Record<string, Json>;
    return [
      ...((node.required as string[] | undefined) ?? [])
        .filter((field) => !(field in fields))
        .map((field) => `${path}${field}`),
      ...Object.entries(fields).flatMap(([field, inner]) =>
        properties[field] ? walk(properties[field], inner, `${path}${field}.`) : [],
      ),
    ];
  };
  return walk(root, shape, '');
}

/** What the SDKs and the conformance kit accept, where it differs from what the server sends. */
const RECEIVED: Partial<Record<OperationName, z.ZodType>> = {
  createConversation: receivedCreatedConversationSchema,
  renameConversation: receivedRenamedConversationSchema,
  sendMessage: receivedSendMessageResponseSchema,
  listMessages: receivedListMessagesResponseSchema,
  submitFeedback: receivedSubmitFeedbackResponseSchema,
};

describe('the promise table', () => {
  it.each(Object.keys(OPERATIONS) as OperationName[])(
    'the received answer of %s requires nothing the table does not promise',
    (name) => {
      const schema =
        RECEIVED[name] ?? (Object.values(OPERATIONS[name].responses)[0]!.schema as z.ZodType);
      expect(requiredBeyond(schema, SPECIFIED_RESPONSE_FIELDS[name])).toEqual([]);
    },
  );

  it.each(receivedServerEventSchema.options.map((option) => [option.shape.type.value, option]))(
    'a received %s event requires nothing the table does not promise',
    (type, option) => {
      const shape = SPECIFIED_EVENT_FIELDS[type as keyof typeof SPECIFIED_EVENT_FIELDS];
      expect(requiredBeyond(option as z.ZodType, shape)).toEqual([]);
    },
  );

  it('gives every rule of an absent field a place the table knows', () => {
    const places = new Set([...Object.keys(OPERATIONS), ...Object.keys(SPECIFIED_EVENT_FIELDS)]);
    const unknown = Object.keys(ABSENT_FIELD_RULES)
      .map((key) => key.slice(0, key.indexOf(':')))
      .filter((where) => where !== 'error' && !places.has(where));
    expect(unknown).toEqual([]);
  });
});
