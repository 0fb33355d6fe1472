import type { RandomSource } from './random-source.ts';
import { uuidFromBytes } from './uuid-text.ts';

/** A pseudo-random number generator: each call returns a float in [0, 1). */
export type Prng = () => number;

/** cyrb128: hashes a seed text into four 32-bit words (the state of {@link createPrng}). */
function hashSeed(seed: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let index = 0; index < seed.length; index++) {
    const code = seed.charCodeAt(index);
    h1 = h2 ^ Math.imul(h1 ^ code, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ code, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ code, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ code, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
}

/**
 * A small, fast, seeded PRNG (sfc32, seeded with cyrb128). Not cryptographic: for deterministic
 * test runs only. The same seed always yields the same sequence.
 */
export function createPrng(seed: string | number): Prng {
  let [a, b, c, d] = hashSeed(String(seed));
  return () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

function bytesFrom(prng: Prng, length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let index = 0; index < length; index++) bytes[index] = Math.floor(prng() * 256);
  return bytes;
}

export { uuidFromBytes };

/** A {@link RandomSource} whose sequence can start over (on a server reset). */
export interface SeededRandomSource extends RandomSource {
  /** The seed. */
  readonly seed: string;
  /** Starts the sequence over from the seed. */
  restart(): void;
}

/**
 * Seeded ids and bytes for deterministic mode: the same seed and the same script of requests
 * produce the same ids and tokens. Ids are valid v4 UUIDs; tokens are predictable, so use this
 * only in tests.
 */
export function createSeededRandomSource(seed: string | number): SeededRandomSource {
  const text = String(seed);
  let prng = createPrng(text);
  return {
    seed: text,
    uuid: () => uuidFromBytes(bytesFrom(prng, 16)),
    bytes: (length) => bytesFrom(prng, length),
    restart: () => {
      prng = createPrng(text);
    },
  };
}
