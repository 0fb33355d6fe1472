import {
  isPartnerApiError,
  type PartnerApiError,
  PartnerConfigurationError,
  PartnerError,
} from '@partner-assistant/sdk-core';
import { createClientMessageId } from '../internal/client-message-id.ts';
import { Emitter } from '../internal/emitter.ts';
import type { PendingQuestion } from '../realtime/question-journal.ts';
import type { TurnStream } from '../realtime/turn-stream.ts';
import { type Claim, claim } from './outbox-claims.ts';
import type { OutboxEntry } from './outbox-entry.ts';
import { type Held, heldOf } from './outbox-held.ts';
import { replayPending } from './outbox-replay.ts';
import type { OutboxStorage } from './outbox-storage.ts';
import { OutboxStore } from './outbox-store.ts';
import type { ClientOutbox, OutboxEvents, OutboxHost } from './outbox-types.ts';
import { PartnerOutboxError } from './partner-outbox-error.ts';

/** How long a lease (the claim on an entry without Web Locks) lasts unless renewed. */
const LEASE_MS = 15_000;
/** Refusals after which sending the same question again can never succeed. */
const FINAL_STATUSES = [400, 404, 409, 422];

/**
 * A durable outbox: the chat writes each question here before sending it, and it is removed once
 * the API accepted its turn. Made by `createOutbox`; see {@link ClientOutbox}.
 */
export class Outbox extends Emitter<OutboxEvents> implements ClientOutbox {
  readonly #store: OutboxStore;
  readonly #owner = createClientMessageId();
  readonly #held = new Map<string, Held>();
  /** Accepted or refused for good, their entry being removed: no longer pending. */
  readonly #leaving = new Set<string>();
  #host: OutboxHost | undefined;
  #stop: (() => void) | undefined;
  #replaying: Promise<void> = Promise.resolve();
  #retry: ReturnType<typeof setTimeout> | undefined;
  #closed = false;

  /** @internal */
  constructor(storage: OutboxStorage, namespace: string) {
    super();
    this.#store = new OutboxStore(storage, namespace);
  }

  attach(host: OutboxHost): void {
    if (this.#host)
      throw new PartnerConfigurationError(
        'An outbox serves one client: call createOutbox per client',
      );
    this.#host = host;
    this.report = host.report;
    this.#stop = host.connection.on('statechange', (state) => {
      if (state === 'open' || state === 'closed')
        for (const held of this.#held.values()) this.#release(held);
      if (state === 'open') this.#replay();
    });
    this.#replay();
  }

  async written(question: PendingQuestion): Promise<void> {
    let held = this.#held.get(question.clientMessageId);
    if (held) {
      held.entry = { ...held.entry, attempts: held.entry.attempts + 1 };
      const { entry } = held;
      if (held.stored) await this.#attempt(() => this.#store.put(entry));
    } else {
      const entry: OutboxEntry = { ...question, attempts: 1 };
      const own = heldOf(entry, false);
      held = own;
      this.#held.set(entry.clientMessageId, own);
      own.claim = await this.#claim(entry.clientMessageId);
      own.stored = await this.#attempt(() => this.#store.put(entry));
      // Discarded or closed meanwhile: let go (a discarded entry is removed).
      if (this.#held.get(entry.clientMessageId) !== own) await this.#forget(own, own.discarded);
    }
    this.#releaseWhenOpen(held);
    return held.gate.promise;
  }

  accepted(clientMessageId: string, stream: TurnStream): void {
    const held = this.#take(clientMessageId);
    if (!held) return;
    void this.#forget(held, true);
    this.emit('sent', held.entry, stream);
  }

  refused(clientMessageId: string, error: Error): void {
    const held = this.#take(clientMessageId);
    if (!held) return;
    const final = isPartnerApiError(error) && FINAL_STATUSES.includes(error.status);
    void this.#forget(held, final);
    if (final) this.emit('failed', held.entry, error as PartnerApiError);
  }

  async pending(): Promise<OutboxEntry[]> {
    const entries = new Map<string, OutboxEntry>();
    try {
      for (const entry of await this.#store.list()) entries.set(entry.clientMessageId, entry);
    } catch (error) {
      this.#failed(error);
    }
    for (const held of this.#held.values()) entries.set(held.entry.clientMessageId, held.entry);
    for (const id of this.#leaving) entries.delete(id);
    return [...entries.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  async discard(clientMessageId: string): Promise<boolean> {
    const held = this.#held.get(clientMessageId);
    if (held) {
      if (held.released) return false;
      this.#take(clientMessageId);
      held.discarded = true;
      held.gate.reject(
        new PartnerOutboxError('outbox_discarded', 'The question was discarded before it was sent'),
      );
      await this.#forget(held, true);
      return true;
    }
    const taken = await this.#claim(clientMessageId);
    if (!taken || this.#held.has(clientMessageId)) {
      taken?.release();
      return false;
    }
    const entry = await this.#store.read(clientMessageId).catch(() => undefined);
    const removed =
      entry !== undefined && (await this.#attempt(() => this.#store.remove(clientMessageId)));
    taken.release();
    return removed;
  }

  close(): void {
    this.#closed = true;
    this.#stop?.();
    clearTimeout(this.#retry);
    const closed = new PartnerError('The client was closed before the question was sent');
    for (const held of [...this.#held.values()]) {
      this.#take(held.entry.clientMessageId);
      held.gate.reject(closed);
      held.claim?.release();
    }
  }

  #replay(): void {
    const host = this.#host;
    if (!host || this.#closed) return;
    this.#replaying = this.#replaying.then(() =>
      replayPending({
        store: this.#store,
        isHeld: (id) => this.#held.has(id),
        claim: (id) => this.#claim(id),
        hold: (entry, taken) => this.#held.set(entry.clientMessageId, heldOf(entry, true, taken)),
        send: ({ conversationId, message, location, metadata, clientMessageId }) =>
          host.chat.send({ conversationId, message, location, metadata, clientMessageId }),
        drop: (id, error) => {
          const held = this.#take(id);
          if (held) void this.#forget(held, false);
          this.emit('error', error instanceof Error ? error : new PartnerError(String(error)));
        },
      }).then(
        (skipped) => {
          // Held elsewhere, maybe by a client that died with its lease: look again once it expired.
          if (skipped > 0 && !this.#retry)
            this.#retry = setTimeout(() => {
              this.#retry = undefined;
              this.#replay();
            }, LEASE_MS);
          (this.#retry as { unref?: () => void } | undefined)?.unref?.();
        },
        (error: unknown) => this.#failed(error),
      ),
    );
  }

  #releaseWhenOpen(held: Held): void {
    const connection = this.#host?.connection;
    if (!connection || connection.state === 'open' || connection.state === 'closed') {
      this.#release(held);
    } else if (connection.state === 'idle') connection.connect();
  }

  #release(held: Held): void {
    if (held.released || held.discarded) return;
    held.released = true;
    held.gate.resolve();
  }

  #take(clientMessageId: string): Held | undefined {
    const held = this.#held.get(clientMessageId);
    this.#held.delete(clientMessageId);
    return held;
  }

  /** Lets go of `held`: removes its entry first (`remove`), then releases its claim. */
  async #forget(held: Held, remove: boolean): Promise<void> {
    const id = held.entry.clientMessageId;
    if (remove) this.#leaving.add(id);
    if (remove && held.stored) await this.#attempt(() => this.#store.remove(id));
    this.#leaving.delete(id);
    held.claim?.release();
  }

  async #claim(id: string): Promise<Claim | undefined> {
    const { calls, raw, keys } = this.#store;
    const settings = { storage: calls, raw, owner: this.#owner, leaseMs: LEASE_MS, now: Date.now };
    return claim(keys.lease(id), settings).catch((error: unknown) => {
      this.#failed(error);
      return undefined;
    });
  }

  async #attempt(run: () => Promise<void>): Promise<boolean> {
    try {
      await run();
      return true;
    } catch (error) {
      this.#failed(error);
      return false;
    }
  }

  #failed(error: unknown): void {
    const failure =
      error instanceof PartnerOutboxError
        ? error
        : new PartnerOutboxError('outbox_storage_failed', 'The outbox storage failed', error);
    this.emit('error', failure);
  }
}
