import { useConversation } from '@partner-assistant/react';
import { type FormEvent, useRef, useState } from 'react';
import { ErrorNotice } from './error-notice.tsx';
import { MessageItem } from './message-item.tsx';

/** Props of {@link ConversationView}. */
export interface ConversationViewProps {
  conversationId: string;
  /** Loads the conversation again: "Try again" when its history failed to load. */
  onReload: () => void;
}

/** One conversation: its history, the answer streaming in, what the assistant is doing, a form. */
export function ConversationView({ conversationId, onReload }: ConversationViewProps) {
  const { messages, send, status, statusLabel, error, retry, loadOlder, hasOlder, loadingHistory } =
    useConversation(conversationId);
  const [draft, setDraft] = useState('');
  // What `error` is about, so that "Try again" repeats it: loading the history (the first thing
  // the view does), sending a question (`retry`), or loading earlier messages.
  const lastAction = useRef<'history' | 'send' | 'older'>('history');
  const busy = status === 'sending' || status === 'streaming';

  const tryAgain = () => {
    if (lastAction.current === 'send') void retry();
    else if (lastAction.current === 'older') void loadOlder();
    else onReload();
  };

  const showOlder = () => {
    lastAction.current = 'older';
    void loadOlder();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const question = draft.trim();
    if (question === '' || busy) return;
    setDraft('');
    lastAction.current = 'send';
    // `send` never rejects: a failure lands in `error`, with `retry` to send it again.
    void send(question, { metadata: { platform: 'web' } });
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
        {messages.map((message) => (
          <MessageItem key={message.message_id} message={message} />
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
