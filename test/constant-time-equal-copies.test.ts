import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { constantTimeEqual as inBackend } from '../packages/backend/src/internal/constant-time-equal.ts';
import { constantTimeEqual as inEngine } from '../packages/engine/src/internal/identity/constant-time-equal.ts';
import { ROOT } from './support/workspace-packages.ts';

/**
 * The engine and the backend each keep a copy of `constantTimeEqual` (their files say why): the
 * two must stay the same code, so a fix to one reaches the other.
 */
const COPIES = [
  'packages/engine/src/internal/identity/constant-time-equal.ts',
  'packages/backend/src/internal/constant-time-equal.ts',
];

/** The code of a file without its comments. */
const codeOf = (path: string) =>
  readFileSync(join(ROOT, path), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/\n{2,}/g, '\n')
    .trim();

describe('constantTimeEqual, kept in the engine and in the backend', () => {
  it('is the same code in both packages', () => {
    const [engine, backend] = COPIES.map(codeOf);
    expect(engine).toContain('export function constantTimeEqual');
    expect(backend).toBe(engine);
  });

  it.each([
    ['s3cret', 's3cret', true],
    ['s3cret', 's3cres', false],
    ['s3cret', 's3cret ', false],
    ['', 'x', false],
    ['', '', true],
  ])('compares %j with %j the same way in both (%s)', (given, expected, equal) => {
    expect([inEngine(given, expected), inBackend(given, expected)]).toEqual([equal, equal]);
  });
});
