/**
 * A React Native screen on the hooks, type-checked against React Native's own types by the
 * repository's type check: what a mobile developer writes, compiled as they would compile it.
 */
import { useConnectionState, useConversation } from '@partner-assistant/react';
import { useState } from 'react';
import { ActivityIndicator, Button, FlatList, Text, TextInput, View } from 'react-native';

export function ChatScreen({ conversationId }: { conversationId: string }) {
  const { messages, send, status, statusLabel, error, retry, loadOlder, hasOlder } =
    useConversation(conversationId);
  const { state: connection } = useConnectionState();
  const [draft, setDraft] = useState('');
  return (
    <View>
      {connection === 'suspended' ? (
        <Text>You are offline: answers will arrive when you are back.</Text>
      ) : null}
      <FlatList
        data={messages}
        keyExtractor={(message) => message.message_id}
        onStartReached={hasOlder ? () => void loadOlder() : undefined}
        renderItem={({ item }) => (
          <Text style={{ opacity: item.status === 'pending' ? 0.5 : 1 }}>
            {item.role === 'user' ? 'You: ' : ''}
            {item.content}
          </Text>
        )}
      />
      {status === 'sending' || status === 'streaming' ? (
        <ActivityIndicator accessibilityLabel={statusLabel ?? 'Working'} />
      ) : null}
      {error ? <Button title="Retry" onPress={() => void retry()} /> : null}
      <TextInput value={draft} onChangeText={setDraft} />
      <Button
        title="Send"
        disabled={draft.trim() === ''}
        onPress={() => {
          void send(draft, { metadata: { platform: 'ios' } });
          setDraft('');
        }}
      />
    </View>
  );
}
