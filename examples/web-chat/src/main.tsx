import { PartnerAssistantClient } from '@partner-assistant/client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ChatRoot } from './chat-root.tsx';
import { fetchUserToken } from './user-token.ts';

// The app holds no secret: only user tokens from your backend. The first client is created once,
// outside rendering; "Try again" after a failed load starts over with a new one.
const createClient = () =>
  new PartnerAssistantClient({
    baseUrl: import.meta.env.VITE_PARTNER_ASSISTANT_BASE_URL,
    token: fetchUserToken,
  });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ChatRoot client={createClient()} createClient={createClient} />
  </StrictMode>,
);
