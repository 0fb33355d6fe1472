import { PartnerAssistantClient } from '@partner-assistant/client';
import { createOutbox } from '@partner-assistant/client/outbox';
import { PartnerAssistantProvider } from '@partner-assistant/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ChatApp } from './chat-app.tsx';
import { fetchUserToken } from './user-token.ts';

// The app holds no secret: only user tokens from your backend. One client, created once, outside
// rendering. Questions asked offline are kept in `localStorage` and sent once the network is back,
// also after a reload (in your app, `namespace` is the signed-in user's id).
const client = new PartnerAssistantClient({
  baseUrl: import.meta.env.VITE_PARTNER_ASSISTANT_BASE_URL,
  token: fetchUserToken,
  outbox: createOutbox({ storage: localStorage, namespace: 'web-chat' }),
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PartnerAssistantProvider client={client}>
      <ChatApp />
    </PartnerAssistantProvider>
  </StrictMode>,
);
