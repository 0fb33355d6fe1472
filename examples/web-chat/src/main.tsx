import { PartnerAssistantClient } from '@partner-assistant/client';
import { PartnerAssistantProvider } from '@partner-assistant/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ChatApp } from './chat-app.tsx';
import { fetchUserToken } from './user-token.ts';

// The app holds no secret: only user tokens from your backend. One client, created once, outside
// rendering.
const client = new PartnerAssistantClient({
  baseUrl: import.meta.env.VITE_PARTNER_ASSISTANT_BASE_URL,
  token: fetchUserToken,
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PartnerAssistantProvider client={client}>
      <ChatApp />
    </PartnerAssistantProvider>
  </StrictMode>,
);
