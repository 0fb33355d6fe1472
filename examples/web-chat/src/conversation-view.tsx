import { useConversation } from '@partner-assistant/react';
import { type FormEvent, useRef, useState } from 'react';
import { useOffline } from './connection-trouble.ts';
import { failureKind } from './error-message.ts';
import { ErrorNotice } from './error-notice.tsx';
import { MessageItem } from './message-item.tsx';

/** Props of {@link ConversationView}. */
export interface ConversationViewProps {
  conversationId: string;
  /** Starts a new conversation in place of this one, when the API no longer knows it. */
  onStartOver?: (() => void) | undefined;
}

/** One conversation: its history, the answer streaming in, what the assistant is doing, a form. */
export function ConversationView({ conversationId, onStartOver }: ConversationViewProps) {
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
  const offline = useOffline();
  // The API does not know this conversation (deleted, or the API lost its data): asking again in
  // it can never work, so the composer waits and the notice offers a new conversation.
  const gone = error !== null && failureKind(error) === 'gone';
  const [draft, setDraft] = useState('');
  // Whether `error` is about loading earlier messages, so that "Try again" repeats that; any other
  // failure (the history's first load, a question) is what `retry` repeats.
  const olderFailed = useRef(false);
  const busy = status === 'streaming' || (status === 'sending' && !offline) || gone;

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
      {busy && !gone && (
        <p className="assistant-status" role="status">
          {statusLabel ?? 'Sending…'}
        </p>
      )}
      {error && <ErrorNotice error={error} onRetry={tryAgain} onStartOver={onStartOver} />}
      <form className="composer" onSubmit={submit}>
        <input
          aria-label="Your question"
          placeholder="Ask about a procedure or your town…"
          value={draft}
          disabled={gone}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" disabled={busy || draft.trim() === ''}>
          Send
        </button>
      </form>
    </section>
  );
}
