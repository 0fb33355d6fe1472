import { uuidFromBytes } from './uuid-text.ts';

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

/** Random bytes drawn at once for the next 256 UUIDs. */
const pool = new Uint8Array(16 * 256);
let poolOffset = pool.length;

/** Cryptographically strong randomness from `crypto.getRandomValues`. */
export const cryptoRandomSource: RandomSource = {
  uuid: () => {
    if (poolOffset === pool.length) {
      globalThis.crypto.getRandomValues(pool);
      poolOffset = 0;
    }
    const id = uuidFromBytes(pool, poolOffset);
    poolOffset += 16;
    return id;
  },
  bytes: (length) => globalThis.crypto.getRandomValues(new Uint8Array(length)),
};
