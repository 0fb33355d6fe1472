import { PartnerError } from '@partner-assistant/sdk-core';
import { raceWithSignal, timerDelay } from '@partner-assistant/sdk-core/internal';
import { PartnerTokenProviderError } from '../errors/partner-token-provider-error.ts';
import { describeNotAToken } from './not-a-token.ts';
import {
  readToken,
  type TokenProvider,
  type TokenRequest,
  type UsableToken,
} from './token-provider.ts';

/** Settings of a {@link TokenSource}. */
export interface TokenSourceSettings {
  now: () => number;
  /** Longest wait for the provider. */
  timeoutMs: number;
  /** Refresh this long before expiry. */
  refreshMarginMs: number;
}

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
  /** Rejects a provider call under way, one for each: the client was closed. */
  readonly #stops = new Set<(reason: PartnerError) => void>();
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
  async get(signal?: AbortSignal): Promise<string> {
    if (this.signedOut) throw this.signedOut;
    const current = this.#current;
    // A plain string token never expires: its `refreshAt` is `Infinity`.
    if (current && this.#settings.now() < current.refreshAt) return current.value;
    return (await raceWithSignal(this.#pending?.result ?? this.#call(), signal)).value;
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
      const now = this.#settings.now();
      this.#refusals = this.#refusals.filter((at) => now - at < REFUSAL_WINDOW_MS);
      if (this.#refusals.length >= REFUSED_CALLS_PER_WINDOW) return undefined;
      this.#refusals.push(now);
      this.#current = undefined;
      this.#refused = rejected;
      pending = this.#call();
    }
    const fresh = (await raceWithSignal(pending, signal)).value;
    return fresh === rejected ? undefined : fresh;
  }

  /** Asks the provider again after a sign-out (`client.connection.connect()`). */
  reset(): void {
    this.signedOut = undefined;
  }

  /** Ends the provider calls under way, and their timers: the client was closed. */
  close(): void {
    for (const stop of this.#stops) stop(new PartnerError('The client is closed'));
  }

  /**
   * Calls the provider, saying why from the state (no token yet, an expiring one, or a refused
   * one), and reads its answer: a usable token, or a `PartnerTokenProviderError` (`signed_out`
   * on `null`, `invalid`, `threw`, `timeout`).
   */
  #call(): Promise<UsableToken> {
    const order = ++this.#calls;
    const { now, timeoutMs, refreshMarginMs } = this.#settings;
    const refused = this.#current ? undefined : this.#refused;
    const request: TokenRequest = this.#current
      ? { reason: 'expiring' }
      : refused === undefined
        ? { reason: 'initial' }
        : { reason: 'refused', refusedToken: refused };
    // Both set by the promise's executor, which runs at once.
    let stop!: (reason: PartnerError) => void;
    let timer!: ReturnType<typeof setTimeout>;
    const answer = new Promise<unknown>((resolve, reject) => {
      stop = reject;
      timer = setTimeout(() => {
        const message = `The token provider took longer than ${timeoutMs} ms`;
        reject(new PartnerTokenProviderError('timeout', message));
      }, timerDelay(timeoutMs));
      // A provider that throws at once fails as one that rejects.
      Promise.resolve()
        .then(() => (this.#provider as TokenProvider)(request))
        .then(resolve, (cause: unknown) => {
          const why = cause instanceof Error ? cause.message : String(cause);
          reject(
            new PartnerTokenProviderError('threw', `The token provider failed: ${why}`, { cause }),
          );
        });
    });
    this.#stops.add(stop);
    const result = answer.then((answered) => {
      if (answered === null) {
        const error = new PartnerTokenProviderError('signed_out', 'The user is signed out');
        this.signedOut = error;
        this.#current = undefined;
        this.onSignedOut?.(error);
        throw error;
      }
      const token = readToken(answered, now(), refreshMarginMs);
      if (!token) {
        const answer = describeNotAToken(answered);
        throw new PartnerTokenProviderError(
          'invalid',
          `The token provider returned ${answer} instead of a token`,
        );
      }
      // A call started before the refusal may answer with the refused token: it is not kept,
      // nor is the answer of a call older than the one that gave the current token.
      if (order > this.#currentCall && (refused !== undefined || token.value !== this.#refused)) {
        this.#current = token;
        this.#currentCall = order;
        if (token.value !== this.#refused) this.#refused = undefined;
      }
      return token;
    });
    const pending: PendingCall = { result, refused };
    this.#pending = pending;
    const settle = () => {
      clearTimeout(timer);
      this.#stops.delete(stop);
      if (this.#pending === pending) this.#pending = undefined;
    };
    result.then(settle, settle);
    return result;
  }
}
