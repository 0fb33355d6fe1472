import { readFileSync } from 'node:fs';

/** One frame of a guide's transcript: sent by the client or expected from the server. */
export interface TranscriptStep {
  from: 'client' | 'server';
  /** The client frame opens a new connection first (` ```json client new-connection `). */
  newConnection: boolean;
  frame: unknown;
}

/** The ` ```json client ` and ` ```json server ` blocks of a Markdown file, in order. */
export function readTranscript(path: URL): TranscriptStep[] {
  const text = readFileSync(path, 'utf8');
  return [...text.matchAll(/^```json (client|server)([^\n]*)\n([\s\S]*?)^```/gm)].map((match) => ({
    from: match[1] as 'client' | 'server',
    newConnection: match[2]!.includes('new-connection'),
    frame: JSON.parse(match[3]!),
  }));
}

/** Placeholders that stand for any value of their kind; every other `<NAME>` is one value. */
const FREE: Record<string, (value: unknown) => boolean> = {
  TEXT: (value) => typeof value === 'string',
  TIMESTAMP: (value) => typeof value === 'string' && !Number.isNaN(Date.parse(value)),
  UUID: (value) => typeof value === 'string' && /^[0-9a-f-]{36}$/i.test(value),
  SEQ: (value) => Number.isInteger(value),
};

const PLACEHOLDER = /^<([A-Z_]+)>$/;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Equal values; two UUIDs are equal in any case (RFC 9562), as a client compares them. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string' && UUID.test(a) && UUID.test(b)) {
    return a.toLowerCase() === b.toLowerCase();
  }
  return a === b;
}

/** `frame` with every bound placeholder replaced by its value. */
export function fillIn(frame: unknown, bindings: Map<string, unknown>): unknown {
  if (typeof frame === 'string') {
    const name = PLACEHOLDER.exec(frame)?.[1];
    if (!name) return frame;
    if (!bindings.has(name)) throw new Error(`<${name}> is used before the server gave it`);
    return bindings.get(name);
  }
  if (Array.isArray(frame)) return frame.map((item) => fillIn(item, bindings));
  if (frame && typeof frame === 'object') {
    return Object.fromEntries(
      Object.entries(frame).map(([key, value]) => [key, fillIn(value, bindings)]),
    );
  }
  return frame;
}

/**
 * Where `actual` differs from the guide's `expected` (`[]` when it matches): same keys, same
 * values, placeholders bound on first sight; a guide's array lists the first elements only.
 */
export function differences(
  expected: unknown,
  actual: unknown,
  bindings: Map<string, unknown>,
  path = '',
): string[] {
  const name = typeof expected === 'string' ? PLACEHOLDER.exec(expected)?.[1] : undefined;
  if (name) {
    const free = FREE[name];
    if (free) return free(actual) ? [] : [`${path}: ${JSON.stringify(actual)} is not a ${name}`];
    if (!bindings.has(name)) bindings.set(name, actual);
    return sameValue(bindings.get(name), actual) ? [] : [`${path}: not the same <${name}>`];
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path}: not an array`];
    return expected.flatMap((item, index) =>
      differences(item, actual[index], bindings, `${path}[${index}]`),
    );
  }
  if (expected && typeof expected === 'object') {
    if (!actual || typeof actual !== 'object') return [`${path}: not an object`];
    const keys = (value: object) => Object.keys(value).sort().join(', ');
    if (keys(expected) !== keys(actual)) {
      return [`${path}: fields ${keys(actual)} where the guide shows ${keys(expected)}`];
    }
    return Object.entries(expected).flatMap(([key, value]) =>
      differences(value, (actual as Record<string, unknown>)[key], bindings, `${path}.${key}`),
    );
  }
  return sameValue(expected, actual)
    ? []
    : [`${path}: ${JSON.stringify(actual)} where the guide shows ${JSON.stringify(expected)}`];
}
