import { type EngineClock, systemClock } from '../time/clock.ts';
import { ManualClock } from '../time/manual-clock.ts';

/** Start instant of a manual clock in deterministic mode (a seed given, no `startAt`). */
export const DETERMINISTIC_START = '2026-01-01T00:00:00.000Z';

/** What the server's clock option resolves to. */
export interface ResolvedClock {
  /** The engine's clock. */
  clock: EngineClock;
  /** `manual` when time moves only through `control.clock`. */
  mode: 'real' | 'manual';
}

/** Options that decide the clock. */
export interface ClockOptions {
  /** `real`, `manual` or a clock of your own. */
  clock?: 'real' | 'manual' | EngineClock | undefined;
  /** Deterministic mode: when set and `clock` is omitted, the clock is manual. */
  seed?: string | number | undefined;
  /** Start instant of a manual clock. */
  startAt?: string | Date | undefined;
}

function startInstant(options: ClockOptions): number {
  const start = options.startAt ?? (options.seed === undefined ? undefined : DETERMINISTIC_START);
  if (start === undefined) return Date.now();
  const ms = new Date(start).getTime();
  if (Number.isNaN(ms)) throw new RangeError(`startAt is not a valid instant: ${String(start)}`);
  return ms;
}

/**
 * Resolves the clock: `manual` (also the default in deterministic mode) is a {@link ManualClock}
 * starting at `startAt`, or 2026-01-01T00:00:00.000Z with a seed, or now; `real` is the system
 * clock; a {@link ManualClock} passed in counts as manual.
 */
export function resolveClock(options: ClockOptions): ResolvedClock {
  const choice = options.clock ?? (options.seed === undefined ? 'real' : 'manual');
  if (choice === 'manual') return { clock: new ManualClock(startInstant(options)), mode: 'manual' };
  if (choice === 'real') return { clock: systemClock, mode: 'real' };
  return { clock: choice, mode: choice instanceof ManualClock ? 'manual' : 'real' };
}
