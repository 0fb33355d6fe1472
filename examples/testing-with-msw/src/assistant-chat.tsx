import { useConnectionState, useConversation } from '@partner-assistant/react';
import { type FormEvent, useState } from 'react';

/** The partner's chat component: the conversation, what the assistant is doing, and a question box. */
export function AssistantChat({ conversationId }: { conversationId: string }) {
  const { messages, status, error, send } = useConversation(conversationId);
  const { state } = useConnectionState();
  const [question, setQuestion] = useState('');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void send(question);
    setQuestion('');
  }

  return (
    <section>
      {state === 'reconnecting' && <p role="status">Reconnecting…</p>}
      <ol aria-label="Conversation">
        {messages.map((message) => (
          <li key={message.message_id} data-role={message.role}>
            {message.content}
          </li>
        ))}
      </ol>
      {status === 'streaming' && <p>The assistant is answering…</p>}
      {error && <p role="alert">The assistant could not answer. Please try again.</p>}
      <form onSubmit={onSubmit}>
        <input
          aria-label="Your question"
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
        />
        <button type="submit">Ask</button>
      </form>
    </section>
  );
}
