import { useConversation } from '@partner-assistant/react';
import { type FormEvent, useState } from 'react';
import { ErrorNotice } from './error-notice.tsx';
import { MessageItem } from './message-item.tsx';

/** One conversation: its history, the answer streaming in, what the assistant is doing, a form. */
export function ConversationView({ conversationId }: { conversationId: string }) {
  const { messages, send, status, statusLabel, error, retry, loadOlder, hasOlder, loadingHistory } =
    useConversation(conversationId);
  const [draft, setDraft] = useState('');
  const busy = status === 'sending' || status === 'streaming';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const question = draft.trim();
    if (question === '' || busy) return;
    setDraft('');
    // `send` never rejects: a failure lands in `error`, with `retry` to send it again.
    void send(question, { metadata: { platform: 'web' } });
  };

  return (
    <section className="conversation" aria-label="Conversation">
      {hasOlder && (
        <button type="button" className="load-older" onClick={() => void loadOlder()}>
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
      {error && <ErrorNotice error={error} onRetry={() => void retry()} />}
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
