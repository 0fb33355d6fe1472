import type { Claim } from './outbox-claims.ts';
import type { OutboxEntry } from './outbox-entry.ts';
import type { OutboxStore } from './outbox-store.ts';

/** What a replay needs of its outbox. */
export interface ReplaySettings {
  store: OutboxStore;
  /** This outbox already holds the entry (it is being sent from here). */
  isHeld: (id: string) => boolean;
  claim: (id: string) => Promise<Claim | undefined>;
  /** Takes the claimed entry in, just before it is sent: false when it may not (a closed outbox). */
  hold: (entry: OutboxEntry, claim: Claim) => boolean;
  /**
   * Sends the entry again with its own `client_message_id` (`client.chat.send`, never throws): a
   * no-op for one the chat still follows.
   */
  send: (entry: OutboxEntry) => void;
}

/**
 * Sends every stored entry that no one sends yet, in the order written: each is claimed (so no other
 * client on the same storage sends it meanwhile), read again (another one may have sent it since
 * the list was read), then handed to the chat, which waits for the network. One this outbox
 * holds goes to the chat again (which ignores it while it follows it: after a timeout, it is
 * tried anew). Answers how many were skipped because another client holds them.
 */
export async function replayPending(settings: ReplaySettings): Promise<number> {
  const { store, isHeld } = settings;
  let skipped = 0;
  for (const listed of await store.list()) {
    const id = listed.clientMessageId;
    if (isHeld(id)) {
      settings.send(listed);
      continue;
    }
    const taken = await settings.claim(id);
    if (!taken) {
      skipped++;
      continue;
    }
    const entry = isHeld(id) ? undefined : await store.read(id).catch(() => undefined);
    if (!entry || !settings.hold(entry, taken)) {
      taken.release();
      continue;
    }
    settings.send(entry);
  }
  return skipped;
}
