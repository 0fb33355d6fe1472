import { type InputIssue, PartnerValidationError } from '@partner-assistant/sdk-core';
import { type InputShape, UUID } from './input-rules.ts';
import { isRecord } from './shape.ts';

/**
 * Checks one call's input the way the contract's request schemas judge the request it becomes
 * (a test holds each check to its schema), and throws one {@link PartnerValidationError} listing
 * every problem: the path parameters first, then unknown options, then each field in order.
 * Values are not echoed: a message or a title may hold personal data. The resources call it through
 * `ApiCaller.check` with their operation's shape from `input-rules.ts`: `CREATE_CONVERSATION`,
 * `RENAME_CONVERSATION`, `SEND_MESSAGE`, `LIST_MESSAGES` (as the `query`), `SUBMIT_FEEDBACK`.
 */
export function check(
  ids: Record<string, unknown>,
  shape: InputShape = {},
  input: unknown = {},
  name = 'input',
): void {
  const issues: InputIssue[] = [];
  for (const field in ids) {
    if (!UUID[0](ids[field])) issues.push({ field, message: UUID[1] });
  }
  walk(shape, input, '', issues, name);
  if (issues.length > 0) throw new PartnerValidationError(issues);
}

function walk(
  shape: InputShape,
  value: unknown,
  path: string,
  issues: InputIssue[],
  name = path,
): void {
  if (!isRecord(value)) {
    issues.push({ field: name, message: 'Must be an object' });
    return;
  }
  const at = (key: string) => (path ? `${path}.${key}` : key);
  const known = Object.keys(shape);
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) issues.push({ field: at(key), message: 'Unknown option' });
  }
  for (const field of known) {
    const rule = shape[field];
    const item = value[field];
    if (!Array.isArray(rule)) {
      if (item !== undefined) walk(rule as InputShape, item, at(field), issues);
    } else if ((item !== undefined || rule[2]) && !rule[0](item)) {
      issues.push({ field: at(field), message: rule[1] });
    }
  }
}
