import { describe, expect, it } from 'vitest';
import { messageIdOf, turnIdOfMessage } from './message-ids.ts';
import { createSeededRandomSource } from './seeded-random.ts';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('message ids derived from the turn id', () => {
  const random = createSeededRandomSource('message-ids');
  const turnIds = Array.from({ length: 500 }, () => random.uuid());

  it('are v4 UUIDs, distinct from each other and from every turn id', () => {
    const all = new Set(turnIds);
    for (const turnId of turnIds) {
      for (const role of ['user', 'assistant'] as const) {
        const messageId = messageIdOf(turnId, role);
        expect(messageId).toMatch(V4);
        all.add(messageId);
      }
    }
    expect(all.size).toBe(turnIds.length * 3);
  });

  it('lead back to their turn, and only through their own role', () => {
    for (const turnId of turnIds.slice(0, 200)) {
      expect(turnIdOfMessage(messageIdOf(turnId, 'user'), 'user')).toBe(turnId);
      expect(turnIdOfMessage(messageIdOf(turnId, 'assistant'), 'assistant')).toBe(turnId);
      expect(turnIdOfMessage(messageIdOf(turnId, 'user'), 'assistant')).not.toBe(turnId);
    }
  });

  it('share no visible run of characters with the turn id', () => {
    const turnId = turnIds[0] ?? '';
    const userId = messageIdOf(turnId, 'user');
    const sameGroups = turnId
      .split('-')
      .filter((group, index) => userId.split('-')[index] === group);
    expect(sameGroups).toEqual([]);
  });
});
