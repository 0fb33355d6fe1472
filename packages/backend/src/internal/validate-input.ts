import { externalUserIdSchema, localeSchema, timeZoneSchema } from '@partner-assistant/contract';
import { type InputIssue, PartnerValidationError } from '@partner-assistant/sdk-core';

interface SafeParser {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: { message: string }[] } };
}

function check(field: string, schema: SafeParser, value: unknown, issues: InputIssue[]): void {
  const result = schema.safeParse(value);
  if (!result.success) {
    issues.push({ field, message: result.error.issues.map((issue) => issue.message).join(', ') });
  }
}

function checkExternalUserId(value: unknown, issues: InputIssue[]): void {
  check('externalUserId', externalUserIdSchema, value, issues);
}

/** Refuses a bad `issueToken` input before any request, with every problem at once. */
export function validateIssueTokenInput(input: {
  externalUserId: unknown;
  locale?: unknown;
  timezone?: unknown;
}): void {
  const issues: InputIssue[] = [];
  checkExternalUserId(input.externalUserId, issues);
  if (input.locale !== undefined) check('locale', localeSchema, input.locale, issues);
  if (input.timezone !== undefined) check('timezone', timeZoneSchema, input.timezone, issues);
  if (issues.length > 0) throw new PartnerValidationError(issues);
}

/** Refuses a bad `eraseUser` input before any request. */
export function validateExternalUserId(externalUserId: unknown): void {
  const issues: InputIssue[] = [];
  checkExternalUserId(externalUserId, issues);
  if (issues.length > 0) throw new PartnerValidationError(issues);
}
