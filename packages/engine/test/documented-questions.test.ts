/**
 * Every question the docs, the package READMEs and the examples ask gets the demo assistant's
 * full answer, in English and in French: a reader who tries one against the reference server
 * never meets "Could you tell me a little more…". A new question in a page fails here until a
 * subject (`src/internal/assistant/subjects/`) answers it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { composeAnswer } from '../src/internal/assistant/answer-content.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Questions asked only to meet an injected failure: no answer is ever shown for them. */
const ASKED_TO_FAIL = new Set(['Will it work?']);

/** A quoted sentence ending in a question mark, as pages and tests ask them. */
const QUOTED_QUESTION = /(['"`])([A-ZÀ-Ý][^'"`\n$]{1,150}\?)\1/gu;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) return [];
    const path = `${dir}/${name}`;
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.(md|ts|tsx)$/u.test(name) ? [path] : [];
  });
}

const packageReadmes = readdirSync(`${ROOT}packages`).map(
  (name) => `${ROOT}packages/${name}/README.md`,
);
const sources = [
  `${ROOT}README.md`,
  ...filesUnder(`${ROOT}docs`),
  ...filesUnder(`${ROOT}examples`),
  ...packageReadmes.filter((path) => statSync(path, { throwIfNoEntry: false })?.isFile()),
];

/** Each documented question, with a file that asks it. */
const questions = new Map<string, string>();
for (const path of sources) {
  for (const [, , question] of readFileSync(path, 'utf8').matchAll(QUOTED_QUESTION)) {
    if (question && !ASKED_TO_FAIL.has(question) && !questions.has(question)) {
      questions.set(question, path.slice(ROOT.length));
    }
  }
}

it('finds the questions the docs and examples ask', () => {
  expect([...questions.keys()]).toEqual(
    expect.arrayContaining(['When is the town hall open?', 'How do I renew my passport?']),
  );
});

it.each([...questions])('answers "%s" (%s) in full, in English and French', (question) => {
  for (const locale of ['en-GB', 'fr-FR']) {
    const answer = composeAnswer({ message: question, location: undefined, locale });
    expect(answer.subject, `${question} (${locale})`).toBeDefined();
    expect(answer.cards.length + answer.suggestedActions.length).toBeGreaterThan(0);
  }
});
