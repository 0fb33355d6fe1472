import { readFileSync } from 'node:fs';
import {
  API_ERROR_CODES,
  API_ERROR_DESCRIPTIONS,
  type ApiErrorCode,
} from '@partner-assistant/contract/constants';
import { expect, it } from 'vitest';

const guide = readFileSync(new URL('../docs/guides/errors.md', import.meta.url), 'utf8');

/** The rows of the generated table in the errors guide, by code. */
function documentedRows() {
  const table = guide.split('<!-- error-codes:start -->')[1]?.split('<!-- error-codes:end -->')[0];
  if (table === undefined) throw new Error('docs/guides/errors.md lost its error-codes markers');
  return table
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [code, status, retryable, meaning, advice] = line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim());
      return { code: code?.replaceAll('`', ''), status, retryable, meaning, advice };
    });
}

it('the errors guide lists every API error code with its status, retryability and meaning', () => {
  const expected = (Object.keys(API_ERROR_CODES) as ApiErrorCode[]).map((code) => ({
    code,
    status: String(API_ERROR_CODES[code].status),
    retryable: API_ERROR_CODES[code].retryable ? 'yes' : 'no',
    meaning: API_ERROR_DESCRIPTIONS[code],
  }));
  const rows = documentedRows();
  expect(rows.map(({ advice: _, ...row }) => row)).toEqual(expected);
  for (const row of rows)
    expect(row.advice?.length, `what to do about ${row.code}`).toBeGreaterThan(20);
});
