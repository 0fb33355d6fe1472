import { readErrorEnvelope } from '@partner-assistant/sdk-core/internal';

/**
 * What a token provider returned instead of a token, in words that hold no secret, for the
 * `invalid` failure's message: the API's error envelope by its `code` and `message` (the provider
 * passed on the API's refusal, as after a wrong client secret on your backend), `nothing`
 * (`undefined`), else its type (`a value of type string`, `object`...). Never a string's content
 * nor a field's value: either may be a token.
 * @example
 * describeNotAToken({ error: { code: 'unauthorized', message: 'Invalid client credentials', retryable: false } });
 * // "the API error unauthorized (Invalid client credentials)"
 */
export function describeNotAToken(answer: unknown): string {
  const refusal = readErrorEnvelope(answer);
  if (refusal) return `the API error ${refusal.code} (${refusal.message})`;
  if (answer === undefined) return 'nothing';
  return `a value of type ${typeof answer}`;
}
