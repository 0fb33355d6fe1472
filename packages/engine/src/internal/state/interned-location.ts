import type { Location } from '@partner-assistant/contract';
import { BoundedCache } from './bounded-cache.ts';

const locations = new BoundedCache<Location>(1024);

/**
 * One shared copy of a location seen recently (users of one suite ask from the same few places):
 * each parsed request holds its own object and strings, and stored turns would keep them all.
 * Locations alike but for the order of their fields are kept apart: sharing is only a saving.
 */
export function internLocation(location: Location | undefined): Location | undefined {
  return location === undefined
    ? undefined
    : locations.get(JSON.stringify(location), () => location);
}

/** Drops the shared copy of `location` (an erased user's place). */
export function forgetInternedLocation(location: Location | undefined): void {
  if (location !== undefined) locations.delete(JSON.stringify(location));
}
