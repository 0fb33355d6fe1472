import {
  exponentialBackoff,
  isPartnerApiError,
  type PartnerApiError,
  PartnerConfigurationError,
  PartnerError,
} from '@partner-assistant/sdk-core';
import { createClientMessageId } from '../internal/client-message-id.ts';
import { Emitter } from '../internal/emitter.ts';
import type { Question } from '../realtime/question-keeper.ts';
import type { TurnStream } from '../realtime/turn-stream.ts';
import { type Claim, type ClaimSettings, claim } from './outbox-claims.ts';
import type { OutboxEntry } from './outbox-entry.ts';
import { type Kept, keptOf } from './outbox-kept.ts';
import { after, runtimePlatform } from './outbox-platform.ts';
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
  /**
   * How this outbox claims entries (as an owner of its own, a fresh UUID), and the clock and
   * timers it runs on: the runtime's, then its client's once attached.
   */
  readonly #claims: ClaimSettings;
  readonly #kept = new Map<string, Kept>();
  readonly #waiters = new SentWaiters();
  /** Accepted or refused for good, their entry being removed: no longer pending. */
  readonly #leaving = new Set<string>();
  #host: OutboxHost | undefined;
  #stop: (() => void) | undefined;
  #replaying: Promise<void> = Promise.resolve();
  #retry: unknown;
  #closed = false;

  /** @internal */
  constructor(storage: OutboxStorage, namespace: string) {
    super();
    const owner = createClientMessageId();
    this.#claims = { ...runtimePlatform(), storage, owner, leaseMs: LEASE_MS };
    this.#store = new OutboxStore(storage, namespace, this.#claims);
  }

  attach(host: OutboxHost): void {
    if (this.#host)
      throw new PartnerConfigurationError(
        'An outbox serves one client: call createOutbox per client',
      );
    this.#host = host;
    this.report = host.report;
    this.#claims.timers = host.timers ?? this.#claims.timers;
    this.#claims.now = host.now;
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
  async written(question: Question & { createdAt?: string }, stream?: TurnStream): Promise<void> {
    const id = question.clientMessageId;
    stream?.on('accepted', () => this.accepted(id, stream));
    stream?.on('statechange', (status) => status === 'stopped' && this.withdrawn(id));
    const kept = this.#kept.get(id);
    if (kept) {
      kept.entry = { ...kept.entry, attempts: kept.entry.attempts + 1 };
      const { entry } = kept;
      if (kept.stored) {
        kept.ready = this.#attempt(() => this.#store.put(entry, true));
        await kept.ready;
      }
      return;
    }
    const createdAt = new Date(this.#claims.now()).toISOString();
    // Kept with what was given only (the chat's question names every field).
    const { location, metadata, ...asked } = question;
    const given = { ...(location && { location }), ...(metadata && { metadata }) };
    const own = keptOf({ createdAt, ...asked, ...given, attempts: 1 }, false);
    this.#kept.set(id, own);
    own.ready = this.#keep(own);
    await own.ready;
    // The older kept questions of its conversation go first: the replay under way hands them to
    // the chat, which lets each go once written again (the chat follows them in that order).
    await this.#replaying;
    const { conversationId } = question;
    const older = [...this.#kept.values()].filter(
      (other) => other.replayed && other.entry.conversationId === conversationId,
    );
    await Promise.all(older.map((other) => other.ready));
    // Closed meanwhile: let go (a discarded one is let go by `discard`).
    if (this.#kept.get(id) !== own && !own.discarded) await this.#forget(own, false);
  }

  /** Writes `kept`'s entry first (a reload right after must not lose it), then claims it. */
  async #keep(kept: Kept): Promise<void> {
    const id = kept.entry.clientMessageId;
    const stored = this.#attempt(() => this.#store.put(kept.entry));
    kept.claim = await this.#claim(id);
    kept.stored = await stored;
  }

  accepted(clientMessageId: string, stream: TurnStream): void {
    const kept = this.#take(clientMessageId);
    if (!kept) return;
    void this.#forget(kept, true);
    this.#waiters.sent(clientMessageId, stream);
    this.emit('sent', kept.entry, stream);
  }

  refused(clientMessageId: string, error: Error): void {
    const api = isPartnerApiError(error) ? error : undefined;
    // Refused for now (a rate limit, a busy queue): it stays kept, and is offered again later.
    const waiting = this.#kept.get(clientMessageId);
    if (waiting && api?.retryable && !this.#closed) {
      this.#later(waiting, api);
      return;
    }
    const kept = this.#take(clientMessageId);
    if (!kept) return;
    const final = api !== undefined && FINAL_STATUSES.includes(api.status);
    void this.#forget(kept, final);
    if (!final) return;
    this.#waiters.gone(clientMessageId, api);
    this.emit('failed', kept.entry, api);
  }

  /** Stopped by the app: removed as by `discard` while kept (not yet accepted nor refused). */
  withdrawn(clientMessageId: string): void {
    if (this.#kept.has(clientMessageId)) void this.discard(clientMessageId);
  }

  /** Offers `kept` to the chat again after a wait that grows with each refusal in a row. */
  #later(kept: Kept, error: PartnerApiError): void {
    const { timers } = this.#claims;
    timers.clearTimeout(kept.later);
    const wait = Math.max(error.retryAfterMs ?? 0, 500 + REFUSED_FOR_NOW(++kept.refusals));
    kept.later = after(timers, wait, () => {
      kept.later = undefined;
      if (this.#kept.get(kept.entry.clientMessageId) === kept) this.#send(kept.entry);
    });
  }

  sendNow(): void {
    for (const kept of this.#kept.values()) {
      if (kept.later === undefined) continue;
      this.#claims.timers.clearTimeout(kept.later);
      kept.later = undefined;
      this.#send(kept.entry);
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
    for (const kept of this.#kept.values()) entries.set(kept.entry.clientMessageId, kept.entry);
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
    const kept = this.#kept.get(clientMessageId);
    if (kept) {
      const error = discarded();
      if (this.#host && !this.#host.chat.abandon(clientMessageId, error)) return false;
      this.#take(clientMessageId);
      kept.discarded = true;
      await kept.ready;
      await this.#forget(kept, true);
      return true;
    }
    const taken = await this.#claim(clientMessageId);
    if (!taken || this.#kept.has(clientMessageId)) {
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
    const { timers } = this.#claims;
    timers.clearTimeout(this.#retry);
    for (const kept of this.#kept.values()) {
      timers.clearTimeout(kept.later);
      kept.claim?.release();
    }
    this.#kept.clear();
  }

  #replay(): void {
    const host = this.#host;
    if (!host || this.#closed) return;
    this.#replaying = this.#replaying.then(() =>
      replayPending({
        store: this.#store,
        isHeld: (id) => this.#kept.has(id),
        claim: (id) => this.#claim(id),
        hold: (entry, taken) =>
          !this.#closed &&
          !!this.#kept.set(entry.clientMessageId, {
            ...keptOf(entry, true, taken),
            replayed: true,
          }),
        send: (entry) => this.#send(entry),
      }).then(
        (skipped) => {
          // Kept elsewhere, maybe by a client that died with its lease: look again once it expired.
          if (skipped > 0 && !this.#retry && !this.#closed) {
            this.#retry = after(this.#claims.timers, LEASE_MS, () => {
              this.#retry = undefined;
              this.#replay();
            });
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
    const kept = this.#take(id);
    if (kept) void this.#forget(kept, false);
    this.emit('error', error instanceof Error ? error : new PartnerError(String(error)));
  }

  #take(clientMessageId: string): Kept | undefined {
    const kept = this.#kept.get(clientMessageId);
    this.#kept.delete(clientMessageId);
    this.#claims.timers.clearTimeout(kept?.later);
    return kept;
  }

  /** Lets go of `kept`: removes its entry first (`remove`), then releases its claim. */
  async #forget(kept: Kept, remove: boolean): Promise<void> {
    const id = kept.entry.clientMessageId;
    if (remove) this.#leaving.add(id);
    if (remove && kept.stored) await this.#attempt(() => this.#store.remove(id));
    this.#leaving.delete(id);
    kept.claim?.release();
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
