import { z } from 'zod';

/** A JSON Schema object as emitted by zod. */
export type JsonSchema = Record<string, unknown>;

/** JSON Schema dialect of the document being built. */
export type SchemaDialect = 'draft-2020-12' | 'draft-7';

/**
 * Converts zod schemas to JSON Schema and gathers every schema that has a meta `id` into one
 * components table, so each appears once and is referenced everywhere else.
 */
export class SchemaComponents {
  readonly #schemas = new Map<string, { json: JsonSchema; text: string }>();
  readonly #dialect: SchemaDialect;
  readonly #refPrefix: string;

  constructor(dialect: SchemaDialect, refPrefix = '#/components/schemas/') {
    this.#dialect = dialect;
    this.#refPrefix = refPrefix;
  }

  /**
   * JSON Schema of `schema`: a `$ref` when the schema has an id, inline otherwise. `io` picks the
   * request view (`input`: defaults make fields optional) or the response view (`output`).
   */
  toJson(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const emitted = z.toJSONSchema(schema, {
      target: this.#dialect,
      io,
      unrepresentable: 'any',
    }) as JsonSchema;
    const { $schema: _dialect, $defs, definitions, ...root } = emitted;
    const defs = ($defs ?? definitions ?? {}) as Record<string, JsonSchema>;
    for (const [name, def] of Object.entries(defs))
      this.#register(name, this.#rewriteRefs(def) as JsonSchema);
    return this.#rewriteRefs(root) as JsonSchema;
  }

  /** The gathered schema `name`, if any. */
  get(name: string): JsonSchema | undefined {
    return this.#schemas.get(name)?.json;
  }

  /** Sets the schema `name`, replacing a gathered one (a variant the document publishes). */
  set(name: string, json: JsonSchema): void {
    this.#schemas.set(name, { json, text: JSON.stringify(json) });
  }

  /** The name a `$ref` of this document points to, or `undefined` for another reference. */
  nameOf(ref: string): string | undefined {
    return ref.startsWith(this.#refPrefix) ? ref.slice(this.#refPrefix.length) : undefined;
  }

  /** The `$ref` of the schema `name` in this document. */
  refTo(name: string): string {
    return `${this.#refPrefix}${name}`;
  }

  /** Every gathered schema, sorted by name so the output is stable. */
  all(): Record<string, JsonSchema> {
    const names = [...this.#schemas.keys()].sort();
    return Object.fromEntries(names.map((name) => [name, this.#schemas.get(name)!.json]));
  }

  #register(name: string, json: JsonSchema): void {
    const text = JSON.stringify(json);
    const known = this.#schemas.get(name);
    if (known && known.text !== text) {
      throw new Error(`Schema "${name}" differs between its uses (request and response views?)`);
    }
    this.#schemas.set(name, { json, text });
  }

  #rewriteRefs(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => this.#rewriteRefs(item));
    if (value === null || typeof value !== 'object') return value;
    const result: JsonSchema = {};
    for (const [key, item] of Object.entries(value)) {
      result[key] =
        key === '$ref' && typeof item === 'string'
          ? item.replace(/^#\/(\$defs|definitions)\//, this.#refPrefix)
          : this.#rewriteRefs(item);
    }
    return result;
  }
}

/** The first `examples` entry of a schema's metadata, if any. */
export function firstExample(schema: z.ZodType): unknown {
  const examples = z.globalRegistry.get(schema)?.examples;
  return Array.isArray(examples) ? examples[0] : undefined;
}
