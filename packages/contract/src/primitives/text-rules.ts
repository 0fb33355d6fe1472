/**
 * Character rules of the free-text fields, as extensions of their published JSON Schemas. The
 * `pattern` of each field is written without Unicode property escapes, so tools that compile it
 * without the Unicode flag (or in another language) agree on every character it can express; these
 * extensions state the whole rule in Unicode general categories, which every language can test
 * (`unicodedata.category`, `Character.getType`, `Unicode.Scalar.Properties.generalCategory`). A
 * test holds the contract's schemas and the published patterns to them, character by character.
 */
export const TEXT_RULE_EXTENSIONS = {
  title: {
    'x-character-rules': {
      refused_general_categories: ['Cc', 'Cs'],
      allowed_code_points: ['U+0009', 'U+000A', 'U+000B', 'U+000C', 'U+000D'],
    },
    'x-normalization': { unicode_form: 'NFC', fold_white_space: true, trim: true },
  },
  externalUserId: {
    'x-character-rules': {
      refused_general_categories: ['Cc', 'Cf', 'Cs'],
      allowed_code_points: [],
    },
  },
} as const;

/** The character rules of one field, as published. */
export interface CharacterRules {
  /** Unicode general categories (`Cc`, `Cf`, `Cs`) whose characters are refused. */
  readonly refused_general_categories: readonly string[];
  /** Code points allowed although their category is refused, as `U+XXXX`. */
  readonly allowed_code_points: readonly string[];
}
