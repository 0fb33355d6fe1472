/**
 * Bodies a misbehaving server, proxy or newer API version could send, made from a valid one:
 * a field removed or set to another type or value, an unknown field (`__proto__` included), a
 * huge string. For the property tests of the door.
 */
import fc from 'fast-check';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

/** Every path in `value`, the root included. */
function pathsOf(value: Json, at: Path = []): Path[] {
  const inner =
    value !== null && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, child]) =>
          pathsOf(child, [...at, Array.isArray(value) ? Number(key) : key]),
        )
      : [];
  return [at, ...inner];
}

const OTHER_VALUES: Json[] = [
  null,
  0,
  -1,
  1.5,
  true,
  false,
  '',
  'cancelled',
  [],
  {},
  [{}],
  JSON.parse('{"__proto__":{"polluted":true}}'),
];

/** A mutated body, as JSON text, and whether a string's content changed (maybe its format). */
export interface Mutant {
  json: string;
  /** A string replaced by another: the door does not check formats (UUIDs, dates, URLs). */
  formatChanged: boolean;
}

const mutation: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const) }),
  fc.record({ kind: fc.constant('set' as const), value: fc.constantFrom(...OTHER_VALUES) }),
  fc.record({ kind: fc.constant('set' as const), value: fc.string({ maxLength: 8 }) }),
  fc.record({
    kind: fc.constant('set' as const),
    value: fc.constant('x'.repeat(20_000)),
  }),
  fc.record({
    kind: fc.constant('add' as const),
    key: fc.constantFrom('__proto__', 'constructor', 'added_later', 'toString'),
    value: fc.constantFrom<Json>({ polluted: true }, 'x', 1),
  }),
);

interface Change {
  kind: 'delete' | 'set' | 'add';
  value?: Json;
  key?: string;
}

const isObject = (value: unknown): value is Record<string | number, Json> =>
  value !== null && typeof value === 'object';

/** Applies one change at `path` of a copy of `example` (nothing when the path is gone). */
function mutate(example: Json, path: Path, change: Change): Mutant {
  const root: Record<string | number, Json> = { body: JSON.parse(JSON.stringify(example)) };
  let parent = root;
  let key: string | number = 'body';
  for (const step of path) {
    const next = parent[key];
    if (!isObject(next)) return { json: JSON.stringify(root.body), formatChanged: false };
    parent = next;
    key = step;
  }
  const before = parent[key];
  if (change.kind === 'delete' && path.length > 0) {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key];
  } else if (change.kind === 'add' && isObject(before) && !Array.isArray(before)) {
    // defineProperty: `__proto__` becomes an own key, as JSON.parse makes it.
    Object.defineProperty(before, change.key as string, {
      value: change.value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else if (change.kind === 'set') parent[key] = change.value as Json;
  const json = JSON.stringify(root.body);
  return { json, formatChanged: formatChanged(example, JSON.parse(json)) };
}

/** True when a string of `example` became another string in `mutant` (at the same place). */
function formatChanged(example: Json, mutant: Json): boolean {
  if (typeof example === 'string') return typeof mutant === 'string' && mutant !== example;
  if (!isObject(example) || !isObject(mutant)) return false;
  return Object.keys(example).some((key) =>
    formatChanged(example[key as never] as Json, mutant[key as never] as Json),
  );
}

/** Mutants of `example`, one change each; sometimes two. */
export function mutantsOf(example: unknown): fc.Arbitrary<Mutant> {
  const paths = pathsOf(example as Json);
  const one = fc
    .tuple(fc.constantFrom(...paths), mutation)
    .map(([path, change]) => mutate(example as Json, path, change));
  return fc.oneof(
    { weight: 4, arbitrary: one },
    {
      weight: 1,
      arbitrary: fc.tuple(one, fc.constantFrom(...paths), mutation).map(([first, path, change]) => {
        const { json } = mutate(JSON.parse(first.json), path, change);
        return { json, formatChanged: formatChanged(example as Json, JSON.parse(json)) };
      }),
    },
  );
}
