import type { RandomSource } from './random-source.ts';

/**
 * Where every request id comes from. API requests (REST answers, refusals a transport writes
 * itself, `frame.rejected`) draw from the engine's random source, so deterministic mode repeats
 * them; answers outside the API (admin requests, CORS preflights) draw their own, so they never
 * shift that sequence.
 */
export function apiRequestId(random: RandomSource): string {
  return random.uuid();
}

/** The request id of an answer outside the API: an admin request or a CORS preflight. */
export function outOfBandRequestId(): string {
  return globalThis.crypto.randomUUID();
}
