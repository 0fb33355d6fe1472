import { isRecord } from '@partner-assistant/sdk-core/internal';

/**
 * What a token provider returned instead of a token, in words that hold no secret, for the
 * `invalid` failure's message: `nothing` (`undefined`), its type (`a value of type string`...), the
 * API's error envelope by its `code` and `message` (the provider passed on the API's refusal, as
 * after a wrong client secret on your backend), or another object by the names of its fields
 * (`access_token` among them: its value is not a token). Never a string's content nor another
 * field's value: either may be a token.
 * @example
 * describeNotAToken({ error: { code: 'unauthorized', message: 'Invalid client credentials' } });
 * // "the API error unauthorized (Invalid client credentials)"
 */
export function describeNotAToken(answer: unknown): string {
  if (!isRecord(answer))
    return answer === undefined ? 'nothing' : `a value of type ${typeof answer}`;
  const { error } = answer;
  return isRecord(error)
    ? `the API error ${error.code} (${error.message})`
    : `an object with the fields ${Object.keys(answer).join(', ')}`;
}
