import { ABSENT_FIELD_RULES, type AbsentFieldRule } from '../promises/decision-fallbacks.ts';
import type { FieldShape } from '../promises/specified-fields.ts';
import type { JsonSchema, SchemaComponents } from './schema-components.ts';

/** The extension that marks what only our decisions add, on fields, headers and statuses. */
export const DECISION_MARK = 'x-partner-assistant-decision';

/** Said of every field, header or status only our decisions add. */
export const DECISION_NOTE =
  'Our decision, not a promise of the specification: a deployment that keeps the specification may leave it out.';

const VARIANT = '#variant/';

/**
 * Turns the schemas the contract emits (what the reference server sends) into what a deployment
 * that keeps the specification sends: a field the promise table leaves out of a body is optional,
 * marked {@link DECISION_MARK} and described with what a client does without it. A shared schema
 * that a body changes is changed where every use changes it alike, and published as a variant
 * named after the body (`SendMessageTurn`) where its uses differ.
 */
export class PromisedSchemas {
  readonly #components: SchemaComponents;
  readonly #variants = new Map<string, { name: string; where: string; json: JsonSchema }>();
  readonly #rulesUsed = new Set<string>();
  readonly #places = new Set<string>();

  constructor(components: SchemaComponents) {
    this.#components = components;
  }

  /** `schema`, the body or payload of `where` (an operation, `error` or an event), as promised. */
  body(schema: JsonSchema, shape: FieldShape, where: string): JsonSchema {
    this.#places.add(where);
    return this.#apply(schema, shape, where, '');
  }

  /**
   * Gives each variant its name and writes it into `schemas` (the document's schemas, which it
   * changes), then points the document's references at them. Fails on a rule of
   * `ABSENT_FIELD_RULES` that no field used: the table and the contract have drifted apart.
   */
  finish(document: JsonSchema, schemas: Record<string, JsonSchema>): void {
    const unused = Object.keys(ABSENT_FIELD_RULES).filter(
      (key) => !this.#rulesUsed.has(key) && this.#places.has(key.slice(0, key.indexOf(':'))),
    );
    if (unused.length > 0) throw new Error(`ABSENT_FIELD_RULES names no field: ${unused}`);
    const byName = new Map<string, string[]>();
    for (const [key, variant] of this.#variants)
      byName.set(variant.name, [...(byName.get(variant.name) ?? []), key]);
    const uses = this.#usesBeside(document, schemas, [...byName.keys()]);
    const targets = new Map<string, string>();
    for (const [name, keys] of byName) {
      const inPlace = keys.length === 1 && !uses.has(name);
      for (const key of keys) {
        const variant = this.#variants.get(key)!;
        const target = inPlace ? name : `${pascal(variant.where)}${name}`;
        targets.set(key, target);
        schemas[target] = variant.json;
      }
    }
    rewriteRefs(document, (ref) => {
      const target = ref.startsWith(VARIANT) ? targets.get(ref.slice(VARIANT.length)) : undefined;
      return target === undefined ? ref : this.#components.refTo(target);
    });
    const sorted = Object.entries(schemas).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [name] of sorted) delete schemas[name];
    for (const [name, json] of sorted) schemas[name] = json;
  }

  /**
   * The names still referenced once the schemas that have variants are set aside, putting back
   * each of those that something else still uses (and what it uses in turn).
   */
  #usesBeside(document: JsonSchema, schemas: Record<string, JsonSchema>, varied: string[]) {
    const aside = new Map(varied.map((name) => [name, schemas[name]]));
    for (const name of varied) delete schemas[name];
    for (;;) {
      const variants = [...this.#variants.values()].map((variant) => variant.json);
      const uses = countRefs([document, variants], this.#components);
      const back = [...aside.keys()].filter((name) => uses.has(name));
      if (back.length === 0) return uses;
      for (const name of back) {
        schemas[name] = aside.get(name)!;
        aside.delete(name);
      }
    }
  }

  #apply(schema: JsonSchema, shape: FieldShape, where: string, path: string): JsonSchema {
    if (shape === true || shape === 'decision') return schema;
    if (typeof schema.$ref === 'string') return this.#applyRef(schema, shape, where, path);
    if (Array.isArray(schema.anyOf)) {
      const anyOf = (schema.anyOf as JsonSchema[]).map((b) => this.#apply(b, shape, where, path));
      return { ...schema, anyOf };
    }
    if (Array.isArray(shape)) {
      const items = schema.items as JsonSchema | undefined;
      return items ? { ...schema, items: this.#apply(items, shape[0], where, path) } : schema;
    }
    const properties = schema.properties as Record<string, JsonSchema> | undefined;
    if (!properties) return schema;
    const fields = shape as { readonly [field: string]: FieldShape };
    const promised = Object.fromEntries(
      Object.entries(properties).map(([field, property]) => {
        const at = path ? `${path}.${field}` : field;
        const inner = fields[field];
        return [
          field,
          inner === undefined
            ? this.#unpromised(property, where, at)
            : inner === 'decision'
              ? decided(property)
              : this.#apply(property, inner, where, at),
        ];
      }),
    );
    const required = ((schema.required as string[] | undefined) ?? []).filter((f) => f in fields);
    // Same keys in the same order: a schema the table does not change stays textually equal.
    const result: JsonSchema = {};
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties') result[key] = promised;
      else if (key !== 'required') result[key] = value;
      else if (required.length > 0) result[key] = required;
    }
    return result;
  }

  #applyRef(schema: JsonSchema, shape: FieldShape, where: string, path: string): JsonSchema {
    const name = this.#components.nameOf(schema.$ref as string);
    const target = name === undefined ? undefined : this.#components.get(name);
    if (name === undefined || target === undefined) return schema;
    const json = this.#apply(target, shape, where, path);
    const text = JSON.stringify(json);
    if (text === JSON.stringify(target)) return schema;
    const key = `${name}:${text}`;
    if (!this.#variants.has(key)) this.#variants.set(key, { name, where, json });
    return { ...schema, $ref: `${VARIANT}${key}` };
  }

  #unpromised(property: JsonSchema, where: string, path: string): JsonSchema {
    const key = `${where}:${path}`;
    const rule: AbsentFieldRule | undefined = ABSENT_FIELD_RULES[key];
    if (!rule) {
      throw new Error(
        `\`${path}\` of ${where} is not in the promise table and has no rule in ABSENT_FIELD_RULES`,
      );
    }
    this.#rulesUsed.add(key);
    const note =
      rule.decision === false
        ? `The specification promises it elsewhere only. When absent: ${rule.whenAbsent}`
        : `${DECISION_NOTE} When absent: ${rule.whenAbsent}`;
    const description = [property.description, note].filter(Boolean).join(' ');
    return {
      ...property,
      description,
      ...(rule.decision === false ? {} : { [DECISION_MARK]: true }),
    };
  }
}

/** Said of a value the specification does not show, which our decision gives and the SDKs need. */
export const NOT_SHOWN_NOTE =
  'Not shown by the specification: our decision, which the SDKs follow (`docs/reference/decisions.md` says what they require).';

/** A field the specification does not show, required by our decision: marked and said so. */
function decided(property: JsonSchema): JsonSchema {
  const description = [property.description, NOT_SHOWN_NOTE].filter(Boolean).join(' ');
  return { ...property, description, [DECISION_MARK]: true };
}

/** `assistant.completed` → `AssistantCompleted`, `sendMessage` → `SendMessage`. */
function pascal(text: string): string {
  return text.replace(/(^|[._-])(\w)/g, (_, _sep: string, letter: string) => letter.toUpperCase());
}

/** The schema names that plain `$ref`s of `document` point to. */
function countRefs(document: unknown, components: SchemaComponents): Set<string> {
  const names = new Set<string>();
  rewriteRefs(document, (ref) => {
    const name = components.nameOf(ref);
    if (name !== undefined) names.add(name);
    return ref;
  });
  return names;
}

/** Replaces, in place, every `$ref` of `value` by what `rewrite` makes of it. */
function rewriteRefs(value: unknown, rewrite: (ref: string) => string): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) rewriteRefs(item, rewrite);
    return;
  }
  const object = value as JsonSchema;
  for (const [key, item] of Object.entries(object)) {
    if (key === '$ref' && typeof item === 'string') object[key] = rewrite(item);
    else rewriteRefs(item, rewrite);
  }
}
