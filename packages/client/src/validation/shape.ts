/**
 * A small shape checker for what arrives from the network, so the client carries no zod. A
 * {@link Shape} lists an object's fields; each field's spec is a type letter (`s` string, `b`
 * boolean, `i` whole number ≥ 0, `p` whole number ≥ 1, `t` the literal `true`, `o` an object), a
 * list of allowed strings, a nested shape, or a {@link Check}. A key ending in `?` may be absent,
 * in `|` may be `null`, in `*` is a list of its spec that defaults to `[]` (as the contract's
 * `.default([])`). Unknown fields are left as they are. String formats (UUIDs, dates, URLs) are
 * the server's promise and are not checked: a wrong one breaks nothing in the client.
 */

/** Says why `value` at `path` does not fit, or returns `undefined`. */
export type Check = (value: unknown, path: string) => string | undefined;

/** What one field must be. */
export type Spec = string | readonly string[] | Shape | Check;

/** The fields of an object, by key (with its `?`, `|` or `*` suffix). */
export interface Shape {
  readonly [key: string]: Spec;
}

const TYPES: Record<string, (value: unknown) => boolean> = {
  s: (value) => typeof value === 'string',
  b: (value) => typeof value === 'boolean',
  i: (value) => Number.isSafeInteger(value) && (value as number) >= 0,
  p: (value) => Number.isSafeInteger(value) && (value as number) > 0,
  t: (value) => value === true,
  o: isRecord,
};

/** True for an object that is not an array (or `null`). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Says why `value` does not fit `spec`, or returns `undefined`. */
export function whyNot(spec: Spec, value: unknown, path: string): string | undefined {
  if (typeof spec === 'function') return spec(value, path);
  if (typeof spec === 'string') return TYPES[spec]?.(value) ? undefined : `${path}: wrong type`;
  if (Array.isArray(spec)) {
    return spec.includes(value as string)
      ? undefined
      : `${path}: unknown value ${typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : typeof value}`;
  }
  if (!isRecord(value)) return `${path}: wrong type`;
  const fields = spec as Shape;
  for (const key in fields) {
    const name = key.replace(/[?|*]+$/, '');
    const flags = key.slice(name.length);
    let field = value[name];
    let fieldSpec = fields[key] as Spec;
    if (flags === '*') {
      if (field === undefined) field = value[name] = [];
      fieldSpec = listOf(fieldSpec);
    }
    if ((field === undefined && flags.includes('?')) || (field === null && flags.includes('|')))
      continue;
    const why = whyNot(fieldSpec, field, path ? `${path}.${name}` : name);
    if (why) return why;
  }
  return undefined;
}

/** A list whose every item fits `spec`. */
export function listOf(spec: Spec): Check {
  return (value, path) => {
    if (!Array.isArray(value)) return `${path}: wrong type`;
    for (let i = 0; i < value.length; i++) {
      const why = whyNot(spec, value[i], `${path}.${i}`);
      if (why) return why;
    }
    return undefined;
  };
}
