import { describe, expect, it } from 'vitest';
import { listMessagesQuerySchema } from './list-messages-query.ts';

describe('listMessagesQuerySchema', () => {
  it('defaults limit to 20 and offset to 0', () => {
    expect(listMessagesQuerySchema.parse({})).toEqual({ limit: 20, offset: 0 });
  });

  it.each([
    [{ limit: 1 }, { limit: 1, offset: 0 }],
    [{ limit: 100 }, { limit: 100, offset: 0 }],
    [{ offset: 0 }, { limit: 20, offset: 0 }],
    [{ offset: 5000 }, { limit: 20, offset: 5000 }],
    [{ limit: '5' }, { limit: 5, offset: 0 }],
    [
      { limit: '100', offset: '40' },
      { limit: 100, offset: 40 },
    ],
    [{ offset: '0' }, { limit: 20, offset: 0 }],
  ])('parses %j to %j', (query, expected) => {
    expect(listMessagesQuerySchema.parse(query)).toEqual(expected);
  });

  it.each([
    ['limit 0', { limit: 0 }],
    ['limit 101', { limit: 101 }],
    ["limit '0'", { limit: '0' }],
    ["limit '101'", { limit: '101' }],
    ["limit 'abc'", { limit: 'abc' }],
    ["limit '1.5'", { limit: '1.5' }],
    ['limit 1.5', { limit: 1.5 }],
    ["limit '-1'", { limit: '-1' }],
    ["limit ''", { limit: '' }],
    ["limit ' 5'", { limit: ' 5' }],
    ["limit '1e1'", { limit: '1e1' }],
    ['offset -1', { offset: -1 }],
    ["offset '-1'", { offset: '-1' }],
    ["offset 'abc'", { offset: 'abc' }],
    ['offset 0.5', { offset: 0.5 }],
    ['an unknown parameter', { limit: 5, page: 2 }],
  ])('refuses %s', (_, query) => {
    expect(listMessagesQuerySchema.safeParse(query).success).toBe(false);
  });
});
