import { raceWithSignal } from '@partner-assistant/sdk-core/internal';
import {
  isPartnerTokenProviderError,
  type PartnerTokenProviderError,
} from '../errors/partner-token-provider-error.ts';
import { callProvider, type ProviderCallSettings } from './call-provider.ts';
import type { TokenProvider, TokenRequest, UsableToken } from './token-provider.ts';

/** Settings of a {@link TokenSource}. */
export type TokenSourceSettings = ProviderCallSettings;

/** Provider calls for a refused token allowed per {@link REFUSAL_WINDOW_MS}. */
export const REFUSED_CALLS_PER_WINDOW = 4;
/** The window of {@link REFUSED_CALLS_PER_WINDOW}. */
export const REFUSAL_WINDOW_MS = 60_000;

interface PendingCall {
  result: Promise<UsableToken>;
  /** Set on a call made because the API refused this token. */
  refused: string | undefined;
}

/**
 * The client's one token: cached until shortly before it expires, fetched by one shared provider
 * call however many requests wait for it, refreshed at most once per `401` and at most
 * {@link REFUSED_CALLS_PER_WINDOW} times a minute. A refresh never joins a call started before
 * the refusal (its answer may be the refused token), and such a call's answer does not replace a
 * newer token. A plain string token is used as is and never refreshed.
 */
export class TokenSource {
  readonly #provider: TokenProvider | undefined;
  readonly #settings: TokenSourceSettings;
  #current: UsableToken | undefined;
  /** Order of the call that gave `#current`: an older call's answer does not replace it. */
  #currentCall = 0;
  #calls = 0;
  #pending: PendingCall | undefined;
  /** The last token the API refused, until the provider gives another one. */
  #refused: string | undefined;
  /** When the provider was last called for refused tokens (epoch ms), newest last. */
  #refusals: number[] = [];
  /** Ends the provider calls under way (their timeout timers included). */
  readonly #stops = new Set<() => void>();
  /** Set once the provider resolved `null`: every token request fails with it until `reset()`. */
  signedOut: PartnerTokenProviderError | undefined;
  /** Told when the provider says the user signed out. */
  onSignedOut: ((error: PartnerTokenProviderError) => void) | undefined;

  constructor(token: string | TokenProvider, settings: TokenSourceSettings) {
    this.#settings = settings;
    if (typeof token === 'string') this.#current = { value: token, refreshAt: Infinity };
    else this.#provider = token;
  }

  /** A valid token: the cached one, or the result of a (shared) provider call. */
  get(signal?: AbortSignal): Promise<string> {
    if (this.signedOut) return Promise.reject(this.signedOut);
    const current = this.#current;
    if (current && (this.#provider === undefined || this.#settings.now() < current.refreshAt)) {
      return Promise.resolve(current.value);
    }
    const request: TokenRequest = current
      ? { reason: 'expiring' }
      : this.#refused !== undefined
        ? { reason: 'refused', refusedToken: this.#refused }
        : { reason: 'initial' };
    const pending = this.#pending?.result ?? this.#call(request);
    return raceWithSignal(pending, signal).then((token) => token.value);
  }

  /**
   * Called when the API refused `rejected`: returns a different token to try once more, or
   * `undefined` when there is none to be had (a plain string token, the provider gave the same
   * token again, or refusals already asked the provider {@link REFUSED_CALLS_PER_WINDOW} times
   * within a minute).
   */
  async refresh(rejected: string, signal?: AbortSignal): Promise<string | undefined> {
    if (this.#provider === undefined) return undefined;
    if (this.signedOut) throw this.signedOut;
    // Another request may already have refreshed it: then its token is the fresh one.
    if (this.#current && this.#current.value !== rejected) return this.#current.value;
    let pending = this.#pending?.refused === rejected ? this.#pending.result : undefined;
    if (!pending) {
      if (!this.#takeRefusal()) return undefined;
      this.#current = undefined;
      this.#refused = rejected;
      pending = this.#call({ reason: 'refused', refusedToken: rejected });
    }
    const fresh = await raceWithSignal(pending, signal);
    return fresh.value === rejected ? undefined : fresh.value;
  }

  /** Asks the provider again after a sign-out (`client.connection.connect()`). */
  reset(): void {
    this.signedOut = undefined;
  }

  /** Ends the provider calls under way, and their timers: the client was closed. */
  close(): void {
    for (const stop of this.#stops) stop();
    this.#stops.clear();
  }

  /** Counts one provider call for a refused token; false when the minute's budget is spent. */
  #takeRefusal(): boolean {
    const now = this.#settings.now();
    this.#refusals = this.#refusals.filter((at) => now - at < REFUSAL_WINDOW_MS);
    if (this.#refusals.length >= REFUSED_CALLS_PER_WINDOW) return false;
    this.#refusals.push(now);
    return true;
  }

  #call(request: TokenRequest): Promise<UsableToken> {
    const order = ++this.#calls;
    const call = callProvider(this.#provider as TokenProvider, request, this.#settings);
    this.#stops.add(call.stop);
    const result = call.result.then(
      (token) => this.#received(token, order, request),
      (error: unknown) => {
        if (isPartnerTokenProviderError(error) && error.failure === 'signed_out') {
          this.signedOut = error;
          this.#current = undefined;
          this.onSignedOut?.(error);
        }
        throw error;
      },
    );
    const pending: PendingCall = { result, refused: request.refusedToken };
    this.#pending = pending;
    const settle = () => {
      this.#stops.delete(call.stop);
      if (this.#pending === pending) this.#pending = undefined;
    };
    result.then(settle, settle);
    return result;
  }

  #received(token: UsableToken, order: number, request: TokenRequest): UsableToken {
    const stale = order < this.#currentCall;
    // A call started before the refusal may answer with the refused token: it is not kept.
    const refusedAgain = request.reason !== 'refused' && token.value === this.#refused;
    if (!stale && !refusedAgain) {
      this.#current = token;
      this.#currentCall = order;
      if (token.value !== this.#refused) this.#refused = undefined;
    }
    return token;
  }
}
