import { expect, it } from 'vitest';
import { safeLink } from '../src/safe-link.ts';

it('keeps web addresses only: an answer never turns a script into a link', () => {
  expect(safeLink('https://www.service-public.fr/')).toBe('https://www.service-public.fr/');
  expect(safeLink('http://example.org/a')).toBe('http://example.org/a');
  expect(safeLink('javascript:alert(1)')).toBeUndefined();
  expect(safeLink('data:text/html,<script>')).toBeUndefined();
  expect(safeLink('not a url')).toBeUndefined();
  expect(safeLink(undefined)).toBeUndefined();
});
