import type { PartnerAssistantErrorData } from './data-parts.ts';

/** What the app is told of `error`: the fields of the SDK's typed errors, read without trust. */
export function errorDataOf(error: unknown): PartnerAssistantErrorData {
  const { code, message, retryable, requestId, name } = (error ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  return {
    code: text(code) ?? text(name) ?? 'unknown_error',
    message: text(message) ?? 'The question could not be answered',
    retryable: retryable === true,
    ...(text(requestId) ? { requestId: text(requestId) } : {}),
  };
}

/** The `error` chunk's text: the message, then the code, as `useChat`'s `error.message` shows it. */
export const errorTextOf = ({ message, code }: PartnerAssistantErrorData): string =>
  `${message} (${code})`;
