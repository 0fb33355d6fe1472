import type { ConversationMessage } from '@partner-assistant/react';
import { useConnectionState, useConversation } from '@partner-assistant/react';
import { useState } from 'react';
import {
  ActivityIndicator,
  Button,
  FlatList,
  StyleSheet,
  Text,
  TextInput,
  View,
} from 'react-native';

/** One conversation: the history, the answer streaming in, what the assistant does, a composer. */
export function ChatScreen({ conversationId }: { conversationId: string }) {
  const { messages, send, status, statusLabel, error, retry, loadOlder, hasOlder } =
    useConversation(conversationId);
  const { state: connection } = useConnectionState();
  const [draft, setDraft] = useState('');
  const busy = status === 'sending' || status === 'streaming';

  const submit = () => {
    const question = draft.trim();
    if (question === '' || busy) return;
    setDraft('');
    // `send` never rejects: a failure lands in `error`, with `retry` to send it again.
    void send(question, { metadata: { platform: 'other' } });
  };

  return (
    <View style={styles.screen}>
      {connection === 'suspended' ? (
        <Text style={styles.banner}>You are offline: answers will arrive when you are back.</Text>
      ) : null}
      <FlatList
        data={messages}
        keyExtractor={(message) => message.message_id}
        onStartReached={hasOlder ? () => void loadOlder() : undefined}
        renderItem={({ item }) => <MessageBubble message={item} />}
      />
      {busy ? (
        <View style={styles.status}>
          <ActivityIndicator />
          <Text>{statusLabel ?? 'Sending…'}</Text>
        </View>
      ) : null}
      {error ? (
        <View style={styles.status}>
          <Text>The assistant could not answer.</Text>
          <Button title="Try again" onPress={() => void retry()} />
        </View>
      ) : null}
      <View style={styles.composer}>
        <TextInput
          style={styles.input}
          value={draft}
          onChangeText={setDraft}
          onSubmitEditing={submit}
          placeholder="Ask about a procedure or your town…"
        />
        <Button title="Send" disabled={busy || draft.trim() === ''} onPress={submit} />
      </View>
    </View>
  );
}

function MessageBubble({ message }: { message: ConversationMessage }) {
  const mine = message.role === 'user';
  return (
    <Text
      style={[
        styles.bubble,
        mine ? styles.mine : styles.theirs,
        message.status === 'pending' && styles.pending,
      ]}
    >
      {message.status === 'failed' ? 'No answer.' : message.content}
    </Text>
  );
}

const styles = StyleSheet.create({
  screen: { flex: 1, padding: 12 },
  banner: { padding: 8, backgroundColor: '#fff4d6' },
  status: { flexDirection: 'row', alignItems: 'center', gap: 8, paddingVertical: 6 },
  composer: { flexDirection: 'row', alignItems: 'center', gap: 8 },
  input: { flex: 1, borderWidth: 1, borderColor: '#c9d1e1', borderRadius: 8, padding: 8 },
  bubble: { marginVertical: 4, padding: 10, borderRadius: 12, maxWidth: '80%' },
  mine: { alignSelf: 'flex-end', backgroundColor: '#4f7cff', color: '#fff' },
  theirs: { alignSelf: 'flex-start', backgroundColor: '#fff' },
  pending: { opacity: 0.5 },
});
