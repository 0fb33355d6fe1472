import type { Token } from '@partner-assistant/contract';
import { constantTimeEqual } from './constant-time-equal.ts';

/** Options of the token cache (`tokenCache` option of `PartnerBackend`). */
export interface TokenCacheOptions {
  /**
   * A cached token is handed out only while it has more than this long to live, so the app never
   * receives one that expires on the way. A token whose whole lifetime is shorter is never reused.
   * @default 60_000
   * @example 120_000
   */
  safetyMarginMs?: number;
  /**
   * Most users kept; the oldest entry leaves first when full.
   * @default 10_000
   * @example 1000
   */
  maxEntries?: number;
}

/** Defaults of {@link TokenCacheOptions}. */
export const TOKEN_CACHE_DEFAULTS = {
  safetyMarginMs: 60_000,
  maxEntries: 10_000,
} as const satisfies Required<TokenCacheOptions>;

interface Entry {
  /** Locale and time zone the token was issued with: a token for other ones is not reused. */
  variant: string;
  token?: Token;
  expiresAt?: number;
  pending?: Promise<Token>;
}

/**
 * Tokens by external user id. A still-valid token is reused; concurrent requests for the same user
 * and variant share one issuance. Holds tokens in memory only.
 */
export class TokenCache {
  readonly #entries = new Map<string, Entry>();
  readonly #options: Required<TokenCacheOptions>;
  readonly #now: () => number;

  /** @param now Clock in epoch milliseconds, injected for tests. */
  constructor(options: TokenCacheOptions, now: () => number) {
    this.#options = { ...TOKEN_CACHE_DEFAULTS, ...options };
    this.#now = now;
  }

  /** Returns a valid cached token, the pending issuance of one, or the result of `issue()`. */
  get(externalUserId: string, variant: string, issue: () => Promise<Token>): Promise<Token> {
    const entry = this.#entries.get(externalUserId);
    if (entry && entry.variant === variant) {
      if (entry.pending) return entry.pending;
      if (entry.token && entry.expiresAt !== undefined && this.#isFresh(entry.expiresAt)) {
        return Promise.resolve(entry.token);
      }
    }
    const next: Entry = { variant };
    next.pending = issue().then(
      (token) => {
        if (this.#entries.get(externalUserId) === next) {
          next.token = token;
          next.expiresAt = Date.parse(token.expires_at);
          next.pending = undefined;
        }
        return token;
      },
      (error: unknown) => {
        if (this.#entries.get(externalUserId) === next) this.#entries.delete(externalUserId);
        throw error;
      },
    );
    this.#store(externalUserId, next);
    return next.pending;
  }

  /**
   * Forgets the user's token when it is `refused` (compared in constant time): the API refused it
   * (revoked, or forgotten by a restarted server). Any other value, or an issuance under way,
   * changes nothing, so no caller can force issuances. Returns whether the token was dropped.
   */
  dropRefused(externalUserId: string, refused: string): boolean {
    const held = this.#entries.get(externalUserId)?.token?.access_token;
    if (held === undefined || !constantTimeEqual(refused, held)) return false;
    this.#entries.delete(externalUserId);
    return true;
  }

  /** Forgets the user's token; an issuance under way is not cached when it ends. */
  delete(externalUserId: string): void {
    this.#entries.delete(externalUserId);
  }

  /** Forgets every token. */
  clear(): void {
    this.#entries.clear();
  }

  /** Number of users with a cached or pending token. */
  get size(): number {
    return this.#entries.size;
  }

  #isFresh(expiresAt: number): boolean {
    return this.#now() < expiresAt - this.#options.safetyMarginMs;
  }

  #store(externalUserId: string, entry: Entry): void {
    this.#entries.delete(externalUserId);
    this.#entries.set(externalUserId, entry);
    while (this.#entries.size > this.#options.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }
}
