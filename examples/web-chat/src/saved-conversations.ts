/**
 * The user's conversations, kept in the browser's storage: the API has no "list my
 * conversations" call, so the app remembers the ids it created (and their titles).
 */

/** A conversation the app created. */
export interface SavedConversation {
  id: string;
  title: string;
}

const STORAGE_KEY = 'partner-assistant.web-chat.conversations';

/** The saved conversations, newest first; an empty list when storage is empty or unreadable. */
export function loadConversations(storage: Storage = localStorage): SavedConversation[] {
  try {
    const saved: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(saved) ? saved.filter(isSavedConversation) : [];
  } catch {
    return [];
  }
}

/** Replaces the saved list. */
export function saveConversations(
  conversations: readonly SavedConversation[],
  storage: Storage = localStorage,
): void {
  storage.setItem(STORAGE_KEY, JSON.stringify(conversations));
}

function isSavedConversation(value: unknown): value is SavedConversation {
  if (typeof value !== 'object' || value === null) return false;
  const { id, title } = value as Record<string, unknown>;
  return typeof id === 'string' && typeof title === 'string';
}

const SELECTED_KEY = 'partner-assistant.web-chat.selected';

/** The conversation selected last, if it is still in the list; else the newest one. */
export function loadSelectedId(
  conversations: readonly SavedConversation[],
  storage: Storage = localStorage,
): string | null {
  const selected = storage.getItem(SELECTED_KEY);
  if (conversations.some((conversation) => conversation.id === selected)) return selected;
  return conversations[0]?.id ?? null;
}

/** Remembers the selected conversation across reloads. */
export function saveSelectedId(id: string, storage: Storage = localStorage): void {
  storage.setItem(SELECTED_KEY, id);
}
