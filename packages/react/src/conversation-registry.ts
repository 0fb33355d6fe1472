import type { PartnerAssistantClient } from '@partner-assistant/client';
import { type ConversationStore, createConversationStore } from './conversation-store.ts';

const stores = new WeakMap<PartnerAssistantClient, Map<string, ConversationStore>>();

/**
 * The one store of `conversationId` for `client`, shared by every component that shows it (the id
 * in any case: UUIDs are case-insensitive; the store sends it as given). A
 * store nobody watches is dropped once its turns have ended (a little later, so StrictMode's
 * unmount-and-mount keeps it); a turn in flight keeps it, and the answer is there on return.
 */
export function conversationStore(
  client: PartnerAssistantClient,
  conversationId: string,
): ConversationStore {
  const byId = stores.get(client) ?? new Map<string, ConversationStore>();
  stores.set(client, byId);
  const key = conversationId.toLowerCase();
  const existing = byId.get(key);
  if (existing) return existing;
  const store = createConversationStore(client, conversationId, () =>
    setTimeout(() => {
      if (store.idle() && byId.get(key) === store) byId.delete(key);
    }, 0),
  );
  byId.set(key, store);
  return store;
}
