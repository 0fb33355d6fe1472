import type { PartnerAssistantClient } from '@partner-assistant/client';
import { PartnerAssistantProvider } from '@partner-assistant/react';
import { useState } from 'react';
import { ChatApp } from './chat-app.tsx';

/** Props of {@link ChatRoot}. */
export interface ChatRootProps {
  /** The client the chat starts with, created once, outside rendering. */
  client: PartnerAssistantClient;
  /** Makes a new client when the user starts over. */
  createClient: () => PartnerAssistantClient;
}

/**
 * The chat with its client. "Try again" after the history failed to load starts over with a new
 * client, as a reload of the page would: the conversations load again, and the connection starts
 * afresh.
 */
export function ChatRoot(props: ChatRootProps) {
  const { createClient } = props;
  const [client, setClient] = useState(props.client);
  const startOver = () => {
    setClient(createClient());
    void client.close();
  };
  return (
    <PartnerAssistantProvider client={client}>
      <ChatApp onStartOver={startOver} />
    </PartnerAssistantProvider>
  );
}
