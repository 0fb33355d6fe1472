/**
 * Where the engine gets identifiers and random bytes. Injected so that tests (and a seeded mode)
 * can make ids predictable; the default uses the web-standard `crypto` global.
 */
export interface RandomSource {
  /** A fresh UUID (v4 shape) for a resource or a request. */
  uuid(): string;
  /** `length` random bytes; token secrets use 32 of them (256 bits). */
  bytes(length: number): Uint8Array;
}

/** Cryptographically strong randomness from `crypto.randomUUID` and `crypto.getRandomValues`. */
export const cryptoRandomSource: RandomSource = {
  uuid: () => globalThis.crypto.randomUUID(),
  bytes: (length) => globalThis.crypto.getRandomValues(new Uint8Array(length)),
};
