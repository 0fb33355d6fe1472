import { useChat } from '@ai-sdk/react';
import type {
  PartnerAssistantChatTransport,
  PartnerAssistantUIMessage,
} from '@partner-assistant/ai-sdk';
import { type FormEvent, useState } from 'react';
import { MessageParts } from './answer-parts.tsx';

/**
 * The conversation on `useChat`: its history, the answer streaming in with its progress label,
 * a stop button while it comes, and the composer. `resume: true` picks up an answer still in
 * flight after a reload (or a question the outbox kept).
 */
export function ChatView(props: {
  id: string;
  history: PartnerAssistantUIMessage[];
  transport: PartnerAssistantChatTransport;
}) {
  const [label, setLabel] = useState<string>();
  const [draft, setDraft] = useState('');
  const { messages, sendMessage, stop, status, error } = useChat<PartnerAssistantUIMessage>({
    id: props.id,
    transport: props.transport,
    messages: props.history,
    resume: true,
    // The progress label is a transient part: it reaches `onData` only.
    onData: (part) => {
      if (part.type === 'data-status') setLabel(part.data.label);
    },
    onFinish: () => setLabel(undefined),
  });
  const busy = status === 'submitted' || status === 'streaming';
  const ask = (text: string) => {
    setLabel(undefined);
    void sendMessage({ text });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() === '') return;
    ask(draft);
    setDraft('');
  };
  return (
    <main>
      <h1>Ask the assistant</h1>
      {messages.map((message, index) => (
        <article
          key={message.id}
          data-testid={`${message.role}-message`}
          aria-busy={busy && index === messages.length - 1 && message.role === 'assistant'}
        >
          <MessageParts message={message} onReply={ask} />
        </article>
      ))}
      {busy && <p role="status">{label ?? 'Sending…'}</p>}
      {error && <p role="alert">The assistant could not answer: {error.message}</p>}
      <form onSubmit={submit}>
        <label>
          Your question
          <input value={draft} onChange={(event) => setDraft(event.target.value)} />
        </label>
        {busy ? (
          <button type="button" onClick={() => void stop()}>
            Stop
          </button>
        ) : (
          <button type="submit">Send</button>
        )}
      </form>
    </main>
  );
}
