import {
  loadUIMessages,
  type PartnerAssistantChatTransport,
  type PartnerAssistantUIMessage,
} from '@partner-assistant/ai-sdk';
import type { PartnerAssistantClient } from '@partner-assistant/client';
import { useEffect, useState } from 'react';
import { ChatView } from './chat-view.tsx';

/** Where the conversation's id is kept, so that a reload comes back to it. */
const CONVERSATION_KEY = 'ai-sdk-chat:conversation';

/** The kept conversation id, or a new one (chosen here: creating it is then safe to repeat). */
function conversationId(): string {
  const kept = localStorage.getItem(CONVERSATION_KEY);
  if (kept) return kept;
  const id = crypto.randomUUID();
  localStorage.setItem(CONVERSATION_KEY, id);
  return id;
}

/** Opens the conversation (created if new), loads its history, then shows the chat. */
export function ChatApp(props: {
  client: PartnerAssistantClient;
  transport: PartnerAssistantChatTransport;
}) {
  const { client } = props;
  const [id] = useState(conversationId);
  const [history, setHistory] = useState<PartnerAssistantUIMessage[]>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    client.conversations
      .create({ conversationId: id })
      .then(() => loadUIMessages(client, id))
      .then(
        (messages) => current && setHistory(messages),
        () => current && setFailed(true),
      );
    return () => {
      current = false;
    };
  }, [client, id]);
  if (failed) return <p role="alert">Can't reach the assistant. Reload to try again.</p>;
  if (!history) return <p>Loading the conversation…</p>;
  return <ChatView id={id} history={history} transport={props.transport} />;
}
