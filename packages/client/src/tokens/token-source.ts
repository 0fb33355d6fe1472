import { PartnerError } from '@partner-assistant/sdk-core';
import { raceWithSignal } from '@partner-assistant/sdk-core/internal';
import { PartnerTokenProviderError } from '../errors/partner-token-provider-error.ts';
import { readToken, type TokenProvider, type UsableToken } from './token-provider.ts';

/** Settings of a {@link TokenSource}. */
export interface TokenSourceSettings {
  now: () => number;
  /** Longest wait for the provider. */
  timeoutMs: number;
  /** Refresh this long before expiry. */
  refreshMarginMs: number;
}

/**
 * The client's one token: cached until shortly before it expires, fetched by one shared provider
 * call however many requests wait for it, refreshed at most once per `401`. A plain string token
 * is used as is and never refreshed.
 */
export class TokenSource {
  readonly #provider: TokenProvider | undefined;
  readonly #settings: TokenSourceSettings;
  #current: UsableToken | undefined;
  #pending: Promise<UsableToken> | undefined;
  /** Ends the provider call under way (its timeout timer included). */
  #stop: (() => void) | undefined;
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
    return raceWithSignal(this.#fetch(), signal).then((token) => token.value);
  }

  /**
   * Called when the API refused `rejected`: returns a different token to try once more, or
   * `undefined` when there is none to be had (a plain string token).
   */
  async refresh(rejected: string, signal?: AbortSignal): Promise<string | undefined> {
    if (this.#provider === undefined) return undefined;
    if (this.signedOut) throw this.signedOut;
    if (this.#current?.value === rejected) this.#current = undefined;
    // Another request may already have refreshed it: then its token is the fresh one.
    if (this.#current) return this.#current.value;
    const fresh = await raceWithSignal(this.#fetch(), signal);
    return fresh.value === rejected ? undefined : fresh.value;
  }

  /** Asks the provider again after a sign-out (`client.connection.connect()`). */
  reset(): void {
    this.signedOut = undefined;
  }

  /** Ends a provider call under way, and its timer: the client was closed. */
  close(): void {
    this.#stop?.();
  }

  #fetch(): Promise<UsableToken> {
    if (!this.#pending) {
      const pending = this.#callProvider().then((token) => {
        this.#current = token;
        return token;
      });
      this.#pending = pending;
      const clear = () => {
        if (this.#pending === pending) this.#pending = undefined;
      };
      pending.then(clear, clear);
    }
    return this.#pending;
  }

  #callProvider(): Promise<UsableToken> {
    const provider = this.#provider as TokenProvider;
    const { timeoutMs, now, refreshMarginMs } = this.#settings;
    return new Promise<UsableToken>((resolve, reject) => {
      this.#stop = () => {
        clearTimeout(timer);
        reject(new PartnerError('The client is closed'));
      };
      const timer = setTimeout(
        () =>
          reject(
            new PartnerTokenProviderError(
              'timeout',
              `The token provider did not answer within ${timeoutMs} ms`,
            ),
          ),
        timeoutMs,
      );
      Promise.resolve()
        .then(provider)
        .then(
          (result) => {
            if (result === null) {
              const out = new PartnerTokenProviderError('signed_out', 'The user is signed out');
              this.signedOut = out;
              this.#current = undefined;
              reject(out);
              return this.onSignedOut?.(out);
            }
            const token = readToken(result, now(), refreshMarginMs);
            if (token) resolve(token);
            else
              reject(
                new PartnerTokenProviderError(
                  'invalid',
                  'The token provider returned no access_token',
                ),
              );
          },
          (cause: unknown) =>
            reject(
              new PartnerTokenProviderError(
                'threw',
                `The token provider failed: ${describe(cause)}`,
                { cause },
              ),
            ),
        )
        .finally(() => clearTimeout(timer));
    });
  }
}

function describe(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
