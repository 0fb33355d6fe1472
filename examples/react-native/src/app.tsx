import { PartnerAssistantProvider, usePartnerAssistantClient } from '@partner-assistant/react';
import { useEffect, useState } from 'react';
import { SafeAreaView, Text } from 'react-native';
import { assistantClient } from './assistant-client';
import { ChatScreen } from './chat-screen';

/** The app: the client's provider around a screen showing one conversation. */
export function App() {
  return (
    <PartnerAssistantProvider client={assistantClient}>
      <SafeAreaView style={{ flex: 1 }}>
        <NewConversation />
      </SafeAreaView>
    </PartnerAssistantProvider>
  );
}

/** Starts a conversation, then shows it (a real app keeps the id, e.g. in AsyncStorage). */
function NewConversation() {
  const client = usePartnerAssistantClient();
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    client.conversations.create({ title: 'From the app' }).then(
      (conversation) => setConversationId(conversation.conversation_id),
      () => setFailed(true),
    );
  }, [client]);

  if (failed) return <Text>The assistant cannot be reached. Try again later.</Text>;
  if (conversationId === null) return <Text>Starting a conversation…</Text>;
  return <ChatScreen conversationId={conversationId} />;
}
