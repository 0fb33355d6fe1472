import { PartnerValidationError } from '../errors/partner-validation-error.ts';

/**
 * `value` as one percent-encoded path segment. An empty value, `.` and `..` cannot be one: URL
 * parsers drop or resolve them (`encodeURIComponent` leaves dots as they are), so the request
 * would go to another path.
 * They are refused even with input checks turned off, since no id of the API is written so.
 *
 * @throws {PartnerValidationError} naming `field`, without the value.
 * @example
 * `/turns/${pathSegment(turnId, 'turnId')}`
 */
export function pathSegment(value: string, field: string): string {
  const encoded = encodeURIComponent(value);
  if (/^\.{0,2}$/.test(encoded)) {
    throw new PartnerValidationError([{ field, message: 'cannot be empty, "." or ".."' }]);
  }
  return encoded;
}
