import { PartnerAssistantChatTransport } from '@partner-assistant/ai-sdk';
import { PartnerAssistantClient } from '@partner-assistant/client';
import { createOutbox } from '@partner-assistant/client/outbox';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ChatApp } from './chat-app.tsx';
import { fetchUserToken } from './user-token.ts';

// One client, created once, outside rendering; no secret: user tokens come from your backend.
// Questions asked offline wait in `localStorage` and are sent once the network is back.
const client = new PartnerAssistantClient({
  baseUrl: import.meta.env.VITE_PARTNER_ASSISTANT_BASE_URL,
  token: fetchUserToken,
  outbox: createOutbox({ storage: localStorage, namespace: 'ai-sdk-chat' }),
});
const transport = new PartnerAssistantChatTransport({ client });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ChatApp client={client} transport={transport} />
  </StrictMode>,
);
