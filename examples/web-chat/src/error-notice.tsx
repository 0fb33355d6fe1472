import { describeError } from './error-message.ts';

/** A failure in words a user understands, with "Try again" when trying again may work. */
export function ErrorNotice({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { message, canRetry } = describeError(error);
  return (
    <div className="error-notice" role="alert">
      <span>{message}</span>
      {canRetry && (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
