import { describeError, failureKind } from './error-message.ts';

/** Props of {@link ErrorNotice}. */
export interface ErrorNoticeProps {
  error: Error;
  /** "Try again", offered when trying again may work. */
  onRetry: () => void;
  /** "Start a new conversation", offered when the API no longer knows this one. */
  onStartOver?: (() => void) | undefined;
}

/**
 * A failure in words a user understands, with "Try again" when trying again may work, or "Start
 * a new conversation" when the conversation is gone (trying again could never work there).
 */
export function ErrorNotice({ error, onRetry, onStartOver }: ErrorNoticeProps) {
  const { message, canRetry } = describeError(error);
  const startOver = onStartOver && failureKind(error) === 'gone';
  return (
    <div className="error-notice" role="alert">
      <span>{message}</span>
      {canRetry && (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      )}
      {startOver && (
        <button type="button" onClick={onStartOver}>
          Start a new conversation
        </button>
      )}
    </div>
  );
}
