import {
  exponentialBackoff,
  isPartnerApiError,
  type PartnerApiError,
  PartnerConfigurationError,
  PartnerError,
} from '@partner-assistant/sdk-core';
import { createClientMessageId } from '../internal/client-message-id.ts';
import { Emitter } from '../internal/emitter.ts';
import type { PendingQuestion } from '../realtime/question-journal.ts';
import type { TurnStream } from '../realtime/turn-stream.ts';
import { type Claim, type ClaimSettings, claim } from './outbox-claims.ts';
import type { OutboxEntry } from './outbox-entry.ts';
import { type Held, heldOf } from './outbox-held.ts';
import { replayPending } from './outbox-replay.ts';
import type { OutboxStorage } from './outbox-storage.ts';
import { OutboxStore } from './outbox-store.ts';
import type { ClientOutbox, OutboxEvents, OutboxHost } from './outbox-types.ts';
import { SentWaiters } from './outbox-waiters.ts';
import { PartnerOutboxError } from './partner-outbox-error.ts';

/** How long a lease (the claim on an entry without Web Locks) lasts unless renewed. */
const LEASE_MS = 15_000;
/** Refusals after which sending the same question again can never succeed. */
const FINAL_STATUSES = [400, 404, 409, 422];
/**
 * The wait before a question the API refused for now (the chat's own resends used up) is offered
 * again, by refusals in a row; a longer `Retry-After` wins.
 */
const REFUSED_FOR_NOW = exponentialBackoff({ initialDelayMs: 1000, maxDelayMs: 30_000 });

/** The error of a question discarded before it was sent. */
const discarded = () =>
  new PartnerOutboxError('outbox_discarded', 'The question was discarded before it was sent');

/**
 * A durable outbox: the chat writes each question here before sending it, and it is removed once
 * the API accepted its turn. Made by `createOutbox`; see {@link ClientOutbox}.
 */
export class Outbox extends Emitter<OutboxEvents> implements ClientOutbox {
  readonly #store: OutboxStore;
  /** How this outbox claims entries: as an owner of its own (a fresh UUID). */
  readonly #claims: ClaimSettings;
  readonly #held = new Map<string, Held>();
  readonly #waiters = new SentWaiters();
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
    const owner = createClientMessageId();
    this.#claims = { storage, owner, leaseMs: LEASE_MS, now: Date.now };
  }

  attach(host: OutboxHost): void {
    if (this.#host)
      throw new PartnerConfigurationError(
        'An outbox serves one client: call createOutbox per client',
      );
    this.#host = host;
    this.report = host.report;
    this.#stop = host.connection.on('statechange', (state) => {
      if (state === 'open') this.#replay();
    });
    this.#replay();
  }

  /**
   * Writes the question down (at once in a synchronous storage) and claims it: resolves once both
   * are done. A question it already holds, sent again, is written again with one more attempt.
   * Waiting for the network is the chat's (the question waits in memory); `stream` tells when
   * the API accepted it, or when the app stopped it.
   */
  async written(question: PendingQuestion, stream?: TurnStream): Promise<void> {
    const id = question.clientMessageId;
    stream?.on('accepted', () => this.accepted(id, stream));
    stream?.on('statechange', (status) => status === 'stopped' && this.withdrawn(id));
    const held = this.#held.get(id);
    if (held) {
      held.entry = { ...held.entry, attempts: held.entry.attempts + 1 };
      const { entry } = held;
      if (held.stored) {
        held.ready = this.#attempt(() => this.#store.put(entry, true));
        await held.ready;
      }
      return;
    }
    const own = heldOf({ ...question, attempts: 1 }, false);
    this.#held.set(id, own);
    own.ready = this.#keep(own);
    await own.ready;
    // The older kept questions of its conversation go first: the replay under way hands them to
    // the chat, which lets each go once written again (the chat follows them in that order).
    await this.#replaying;
    const { conversationId } = question;
    const older = [...this.#held.values()].filter(
      (other) => other.replayed && other.entry.conversationId === conversationId,
    );
    await Promise.all(older.map((other) => other.ready));
    // Closed meanwhile: let go (a discarded one is let go by `discard`).
    if (this.#held.get(id) !== own && !own.discarded) await this.#forget(own, false);
  }

  /** Writes `held`'s entry first (a reload right after must not lose it), then claims it. */
  async #keep(held: Held): Promise<void> {
    const id = held.entry.clientMessageId;
    const stored = this.#attempt(() => this.#store.put(held.entry));
    held.claim = await this.#claim(id);
    held.stored = await stored;
  }

  accepted(clientMessageId: string, stream: TurnStream): void {
    const held = this.#take(clientMessageId);
    if (!held) return;
    void this.#forget(held, true);
    this.#waiters.sent(clientMessageId, stream);
    this.emit('sent', held.entry, stream);
  }

  refused(clientMessageId: string, error: Error): void {
    const api = isPartnerApiError(error) ? error : undefined;
    const kept = this.#held.get(clientMessageId);
    // Refused for now (a rate limit, a busy queue): it stays held, and is offered again later.
    if (kept && api?.retryable && !this.#closed) {
      this.#later(kept, api);
      return;
    }
    const held = this.#take(clientMessageId);
    if (!held) return;
    const final = api !== undefined && FINAL_STATUSES.includes(api.status);
    void this.#forget(held, final);
    if (!final) return;
    this.#waiters.gone(clientMessageId, api);
    this.emit('failed', held.entry, api);
  }

  /** Stopped by the app: removed as by `discard` while kept (not yet accepted nor refused). */
  withdrawn(clientMessageId: string): void {
    if (this.#held.has(clientMessageId)) void this.discard(clientMessageId);
  }

  /** Offers `held` to the chat again after a wait that grows with each refusal in a row. */
  #later(held: Held, error: PartnerApiError): void {
    clearTimeout(held.later);
    const wait = Math.max(error.retryAfterMs ?? 0, 500 + REFUSED_FOR_NOW(++held.refusals));
    held.later = setTimeout(() => {
      held.later = undefined;
      if (this.#held.get(held.entry.clientMessageId) === held) this.#send(held.entry);
    }, wait);
    (held.later as { unref?: () => void }).unref?.();
  }

  sendNow(): void {
    for (const held of this.#held.values()) {
      if (held.later === undefined) continue;
      clearTimeout(held.later);
      held.later = undefined;
      this.#send(held.entry);
    }
  }

  /** In the order written (the storage's list, then what it holds only): never by the clock. */
  async pending(): Promise<OutboxEntry[]> {
    const entries = new Map<string, OutboxEntry>();
    try {
      for (const entry of await this.#store.list()) entries.set(entry.clientMessageId, entry);
    } catch (error) {
      this.#failed(error);
    }
    for (const held of this.#held.values()) entries.set(held.entry.clientMessageId, held.entry);
    for (const id of this.#leaving) entries.delete(id);
    return [...entries.values()];
  }

  whenSent(clientMessageId: string): Promise<TurnStream> {
    return this.#waiters.wait(clientMessageId);
  }

  async discard(clientMessageId: string): Promise<boolean> {
    const removed = await this.#discard(clientMessageId);
    if (removed) this.#waiters.gone(clientMessageId, discarded());
    return removed;
  }

  async #discard(clientMessageId: string): Promise<boolean> {
    const held = this.#held.get(clientMessageId);
    if (held) {
      const error = discarded();
      if (this.#host && !this.#host.chat.abandon(clientMessageId, error)) return false;
      this.#take(clientMessageId);
      held.discarded = true;
      await held.ready;
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
    for (const held of this.#held.values()) {
      clearTimeout(held.later);
      held.claim?.release();
    }
    this.#held.clear();
  }

  #replay(): void {
    const host = this.#host;
    if (!host || this.#closed) return;
    this.#replaying = this.#replaying.then(() =>
      replayPending({
        store: this.#store,
        isHeld: (id) => this.#held.has(id),
        claim: (id) => this.#claim(id),
        hold: (entry, taken) =>
          !this.#closed &&
          !!this.#held.set(entry.clientMessageId, {
            ...heldOf(entry, true, taken),
            replayed: true,
          }),
        send: (entry) => this.#send(entry),
      }).then(
        (skipped) => {
          // Held elsewhere, maybe by a client that died with its lease: look again once it expired.
          if (skipped > 0 && !this.#retry && !this.#closed) {
            this.#retry = setTimeout(() => {
              this.#retry = undefined;
              this.#replay();
            }, LEASE_MS);
            (this.#retry as { unref?: () => void }).unref?.();
          }
        },
        (error: unknown) => this.#failed(error),
      ),
    );
  }

  /** Hands `entry` to the chat with its own `client_message_id`; `#dropped` if the chat throws. */
  #send(entry: OutboxEntry): void {
    const { conversationId, message, location, metadata, clientMessageId } = entry;
    try {
      this.#host?.chat.send({ conversationId, message, location, metadata, clientMessageId });
    } catch (error) {
      this.#dropped(clientMessageId, error);
    }
  }

  /** The chat would not take the entry: let go of it (it stays stored), and say why. */
  #dropped(id: string, error: unknown): void {
    const held = this.#take(id);
    if (held) void this.#forget(held, false);
    this.emit('error', error instanceof Error ? error : new PartnerError(String(error)));
  }

  #take(clientMessageId: string): Held | undefined {
    const held = this.#held.get(clientMessageId);
    this.#held.delete(clientMessageId);
    clearTimeout(held?.later);
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

  /** Claims `id`; a closed outbox claims nothing (what it gets after `close()`, it lets go). */
  async #claim(id: string): Promise<Claim | undefined> {
    if (this.#closed) return undefined;
    const taken = await claim(this.#store.keys.lease(id), this.#claims).catch((error: unknown) => {
      this.#failed(error);
      return undefined;
    });
    if (this.#closed) taken?.release();
    return this.#closed ? undefined : taken;
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
