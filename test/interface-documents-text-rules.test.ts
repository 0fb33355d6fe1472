import { readFileSync } from 'node:fs';
import { conversationTitleSchema, externalUserIdSchema } from '@partner-assistant/contract';
import { describe, expect, it } from 'vitest';

// The published `pattern`s of the free-text fields avoid Unicode property escapes, so tools agree
// on them with or without the Unicode flag; `x-character-rules` states the whole rule. Both are
// held to the contract (what the server enforces), character by character.
const document = JSON.parse(readFileSync(new URL('../docs/openapi.json', import.meta.url), 'utf8'));
const schemas = document.components.schemas;

interface PublishedText {
  pattern?: string;
  allOf?: Array<{ pattern?: string }>;
  'x-character-rules': { refused_general_categories: string[]; allowed_code_points: string[] };
}

/** What the test needs of a contract schema. */
interface Checker {
  safeParse(value: unknown): { success: boolean };
}

const FIELDS: Array<[string, PublishedText, Checker]> = [
  ['title', schemas.RenameConversationRequest.properties.title, conversationTitleSchema],
  ['external_user_id', schemas.IssueTokenRequest.properties.external_user_id, externalUserIdSchema],
];

/** Every code point of the Basic Multilingual Plane, and a sample beyond it with every Cf one. */
function codePoints(): number[] {
  const points: number[] = [];
  for (let point = 0; point <= 0xffff; point++) points.push(point);
  for (let point = 0x10000; point <= 0x10ffff; point++) {
    if (point % 251 === 0 || /\p{Cf}/u.test(String.fromCodePoint(point))) points.push(point);
  }
  return points;
}

function categoryOf(point: number): string {
  if (point >= 0xd800 && point <= 0xdfff) return 'Cs';
  const character = String.fromCodePoint(point);
  return ['Cc', 'Cf'].find((category) => new RegExp(`\\p{${category}}`, 'u').test(character)) ?? '';
}

describe.each(FIELDS)('%s', (_, published, contract) => {
  const rules = published['x-character-rules'];
  const allowed = new Set(rules.allowed_code_points);
  const patterns = [published.pattern, ...(published.allOf ?? []).map((part) => part.pattern)]
    .filter((pattern): pattern is string => pattern !== undefined)
    .flatMap((pattern) => [new RegExp(pattern), new RegExp(pattern, 'u')]);
  const points = codePoints();

  it('publishes patterns without Unicode property escapes', () => {
    expect(patterns.length).toBeGreaterThan(0);
    for (const pattern of patterns) expect(pattern.source).not.toMatch(/\\[pP]\{/);
  });

  it('x-character-rules says exactly which characters the server refuses', () => {
    const wrong = points.filter((point) => {
      const hex = `U+${point.toString(16).toUpperCase().padStart(4, '0')}`;
      const refused =
        rules.refused_general_categories.includes(categoryOf(point)) && !allowed.has(hex);
      return contract.safeParse(`a${String.fromCodePoint(point)}a`).success === refused;
    });
    expect(wrong.map((point) => point.toString(16))).toEqual([]);
  });

  it('the patterns agree with the server on every character they can express, with or without the Unicode flag', () => {
    const wrong = points.filter((point) => {
      const text = `a${String.fromCodePoint(point)}a`;
      const accepted = contract.safeParse(text).success;
      const matched = patterns.every((pattern) => pattern.test(text));
      // Lone surrogates and format characters beyond the first plane are in the rules only.
      const beyondPatterns = categoryOf(point) === 'Cs' || (point > 0xffff && !accepted);
      return beyondPatterns ? !matched : matched !== accepted;
    });
    expect(wrong.map((point) => point.toString(16))).toEqual([]);
  });
});
