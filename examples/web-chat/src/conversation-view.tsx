import { useConnectionState, useConversation } from '@partner-assistant/react';
import { type FormEvent, useRef, useState } from 'react';
import { ErrorNotice } from './error-notice.tsx';
import { MessageItem } from './message-item.tsx';

/** Props of {@link ConversationView}. */
export interface ConversationViewProps {
  conversationId: string;
}

/** One conversation: its history, the answer streaming in, what the assistant is doing, a form. */
export function ConversationView({ conversationId }: ConversationViewProps) {
  const {
    messages,
    send,
    status,
    statusLabel,
    error,
    retry,
    loadOlder,
    hasOlder,
    loadingHistory,
    discard,
  } = useConversation(conversationId);
  // Offline, a question waits in the outbox (see `main.tsx`): the composer stays free for the next.
  const { state } = useConnectionState();
  const offline = state === 'reconnecting' || state === 'suspended' || !navigator.onLine;
  const [draft, setDraft] = useState('');
  // Whether `error` is about loading earlier messages, so that "Try again" repeats that; any other
  // failure (the history's first load, a question) is what `retry` repeats.
  const olderFailed = useRef(false);
  const busy = status === 'streaming' || (status === 'sending' && !offline);

  const tryAgain = () => void (olderFailed.current ? loadOlder() : retry());

  const showOlder = () => {
    olderFailed.current = true;
    void loadOlder();
  };

  const ask = (question: string) => {
    if (question === '' || busy) return;
    olderFailed.current = false;
    // `send` never rejects: a failure lands in `error`, with `retry` to send it again.
    void send(question, { metadata: { platform: 'web' } });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const question = draft.trim();
    if (question === '' || busy) return;
    setDraft('');
    ask(question);
  };

  return (
    <section className="conversation" aria-label="Conversation">
      {hasOlder && (
        <button type="button" className="load-older" onClick={showOlder}>
          Show earlier messages
        </button>
      )}
      {loadingHistory && <p className="hint">Loading the conversation…</p>}
      <ol className="messages">
        {messages.map((message, index) => (
          <MessageItem
            key={message.message_id}
            message={message}
            latest={index === messages.length - 1}
            onReply={ask}
            busy={busy}
            offline={offline}
            onDiscard={(id) => void discard(id)}
          />
        ))}
      </ol>
      {busy && (
        <p className="assistant-status" role="status">
          {statusLabel ?? 'Sending…'}
        </p>
      )}
      {error && <ErrorNotice error={error} onRetry={tryAgain} />}
      <form className="composer" onSubmit={submit}>
        <input
          aria-label="Your question"
          placeholder="Ask about a procedure or your town…"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" disabled={busy || draft.trim() === ''}>
          Send
        </button>
      </form>
    </section>
  );
}
