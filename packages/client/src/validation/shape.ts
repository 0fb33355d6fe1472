/**
 * A small checker for what arrives from the network, so the client carries no zod. A spec is a
 * type letter (`s` string, `b` boolean, `i` whole number ≥ 0, `p` whole number ≥ 1, `t` the
 * literal `true`, `o` an object), the name of a shape in {@link CONTRACT_SHAPES}, or the allowed
 * values, comma-separated. A shape lists an object's fields, space-separated, each `name`, then
 * flags (`?` may be absent, `~` may be `null`, `+` a list, `*` a list that defaults to `[]` as
 * the contract's `.default([])`), then `:spec` (a string when absent). Unknown fields are left as
 * they are. String formats (UUIDs, dates, URLs) are the server's promise and are not checked: a
 * wrong one breaks nothing in the client. Every `*_id` but `client_message_id` is a UUID, which
 * compares case-insensitively: the door lower-cases it, so the client matches ids with `===`
 * (see `idKey`).
 */
import { isRecord } from '@partner-assistant/sdk-core/internal';
import { idKey } from '../internal/id-key.ts';
import { CONTRACT_SHAPES } from './contract-shapes.ts';

/** True for an object that is not an array (or `null`), as the error envelope reader decides. */
export { isRecord };

const TYPES: Record<string, (value: unknown) => boolean> = {
  s: (value) => typeof value === 'string',
  b: (value) => typeof value === 'boolean',
  i: (value) => Number.isSafeInteger(value) && (value as number) >= 0,
  p: (value) => Number.isSafeInteger(value) && (value as number) > 0,
  t: (value) => value === true,
  o: isRecord,
};

/** Says why `value` at `path` does not fit `spec`, or returns `undefined`. */
export function whyNot(spec: string, value: unknown, path: string): string | undefined {
  const shape = CONTRACT_SHAPES[spec];
  const type = TYPES[spec];
  const wrong = `${path}: wrong type`;
  if (type) return type(value) ? undefined : wrong;
  if (shape === undefined) {
    return spec.split(',').includes(value as string)
      ? undefined
      : `${path}: unknown value ${typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : typeof value}`;
  }
  if (!isRecord(value)) return wrong;
  for (const field of shape.split(' ')) {
    const [, name = '', flags = '', inner] = /^(\w+)([?~*+]*):?(.*)$/.exec(field) ?? [];
    const at = path ? `${path}.${name}` : name;
    let item = value[name];
    if (flags.includes('*')) item = value[name] ??= [];
    if ((item === undefined && flags.includes('?')) || (item === null && flags.includes('~')))
      continue;
    const spec = inner || 's';
    const why = !/[*+]/.test(flags)
      ? whyNot(spec, item, at)
      : Array.isArray(item)
        ? item.map((each, i) => whyNot(spec, each, `${at}.${i}`)).find(Boolean)
        : `${at}: wrong type`;
    if (why) return why;
    if (/_id$/.test(name) && name !== 'client_message_id' && typeof item === 'string')
      value[name] = idKey(item);
  }
  return undefined;
}
