import type { OperationName } from '@partner-assistant/contract';

/**
 * One REST request or WebSocket frame as the journal keeps it: what a partner's test asserts on.
 * Never a token, secret, external user id or message text.
 */
export interface JournalEntry {
  /** A REST request, or a WebSocket frame (or connection close). */
  kind: 'http' | 'ws';
  /** When it happened, on the engine clock (ISO 8601). */
  at: string;
  /** HTTP method. */
  method?: string;
  /** Route template for known routes (`/api/partners/v1/turns/{turn_id}`), else a redacted path. */
  path: string;
  /** The operation, for a known REST route. */
  operation?: OperationName;
  /** HTTP status; for a socket close, the close code. */
  status?: number;
  /** Error code of an error response or a `frame.rejected`. */
  errorCode?: string;
  /** Wall-clock time to answer, injected latency included. */
  durationMs?: number;
  /** Frame type: `user.message` in, `turn.accepted` out, `close` when a socket closed. */
  frameType?: string;
  /** Frame direction. */
  direction?: 'in' | 'out';
  /** Request id (REST). */
  requestId?: string;
  /** Client id of the application the request or socket named (authenticated or refused). */
  clientId?: string;
  /** Why the response or event broke the contract, when the self-check caught it. */
  contractViolation?: string;
}

/** A REST entry: it always has a method and a status. */
export interface HttpJournalEntry extends JournalEntry {
  /** A REST request. */
  kind: 'http';
  /** HTTP method. */
  method: string;
  /** HTTP status. */
  status: number;
}

/** Which entries the journal's `entries()` returns (`control.journal.entries(filter)`). */
export interface JournalFilter {
  /** Only this operation. */
  operation?: OperationName;
  /** Only REST (`http`) or WebSocket (`ws`) entries. */
  kind?: 'http' | 'ws';
  /** Only entries at or after this instant. */
  since?: Date | string;
  /** At most this many, the newest. */
  limit?: number;
  /** Only entries of this tenant: a partner id (all its applications) or a client id. */
  tenant?: string;
}

/** Which entries belong to the tenant a filter names (resolved by the engine). */
export type JournalScope = (entry: JournalEntry) => boolean;

/** Entries kept by default. */
export const DEFAULT_JOURNAL_CAPACITY = 1000;

/** An entry as the journal stores it: `at` is kept as epoch ms and written out on read. */
export type RecordedEntry = Omit<JournalEntry, 'at'>;

/**
 * A bounded ring buffer of the last requests and frames, newest last. Recording costs one slot
 * write (no shifting, no date formatting); reading, which tests do rarely, builds the entries.
 */
export class RequestJournal {
  readonly #capacity: number;
  #entries: RecordedEntry[] = [];
  #times: number[] = [];
  /** Index of the oldest entry once the buffer is full. */
  #head = 0;

  constructor(capacity = DEFAULT_JOURNAL_CAPACITY) {
    this.#capacity = Math.max(1, capacity);
  }

  /** Appends an entry that happened at `atMs` (engine clock), dropping the oldest beyond the capacity. */
  record(atMs: number, entry: RecordedEntry): void {
    if (this.#entries.length < this.#capacity) {
      this.#entries.push(entry);
      this.#times.push(atMs);
      return;
    }
    this.#entries[this.#head] = entry;
    this.#times[this.#head] = atMs;
    this.#head = (this.#head + 1) % this.#capacity;
  }

  /** The entries matching `filter` (and `scope`, the filter's tenant), oldest first (copies). */
  entries(filter: JournalFilter = {}, scope?: JournalScope): JournalEntry[] {
    const since = filter.since === undefined ? undefined : new Date(filter.since).getTime();
    const matching = this.#ordered().filter(
      (entry) =>
        (scope === undefined || scope(entry)) &&
        (filter.operation === undefined || entry.operation === filter.operation) &&
        (filter.kind === undefined || entry.kind === filter.kind) &&
        (since === undefined || Date.parse(entry.at) >= since),
    );
    return filter.limit === undefined
      ? matching
      : matching.slice(Math.max(0, matching.length - filter.limit));
  }

  /** Empties the journal, or with `scope` removes only the entries of one tenant. */
  clear(scope?: JournalScope): void {
    const kept = scope ? this.#ordered().filter((entry) => !scope(entry)) : [];
    this.#entries = kept.map(({ at: _at, ...entry }) => entry);
    this.#times = kept.map((entry) => Date.parse(entry.at));
    this.#head = 0;
  }

  /** Every entry, oldest first, with its `at` written out (new objects). */
  #ordered(): JournalEntry[] {
    const count = this.#entries.length;
    const ordered: JournalEntry[] = [];
    for (let index = 0; index < count; index++) {
      const slot = (this.#head + index) % count;
      const { kind, ...rest } = this.#entries[slot] as RecordedEntry;
      // `at` second, where the journal has always shown it.
      ordered.push({ kind, at: new Date(this.#times[slot] as number).toISOString(), ...rest });
    }
    return ordered;
  }
}
