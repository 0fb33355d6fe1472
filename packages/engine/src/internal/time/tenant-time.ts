import type { EngineClock } from './clock.ts';
import { ManualClock } from './manual-clock.ts';
import { TenantClock } from './tenant-clock.ts';

/**
 * Whose time is whose. On a manual server clock every partner (tenant) has its own
 * {@link TenantClock}, so parallel test files each move their own tenant's time (tokens, rate
 * windows, quotas and turns follow it) without touching the others'; moving the server clock
 * moves them all. On a real clock there is one time for everybody.
 */
export class TenantTime {
  /** The server's clock: the time of requests no tenant owns, and of the journal. */
  readonly server: EngineClock;
  readonly #tenants = new Map<string, TenantClock>();

  constructor(server: EngineClock) {
    this.server = server;
  }

  /** The clock time moves on only through controls (`advance`, `set`), or `undefined`. */
  get manual(): ManualClock | undefined {
    return this.server instanceof ManualClock ? this.server : undefined;
  }

  /** The clock of `partnerId` (the server's for no partner, or on a real clock). */
  ofPartner(partnerId: string | undefined): EngineClock {
    if (partnerId === undefined || !this.manual) return this.server;
    let clock = this.#tenants.get(partnerId);
    if (!clock) {
      clock = new TenantClock(this.server);
      this.#tenants.set(partnerId, clock);
    }
    return clock;
  }

  /** Moves `ms` forward: one partner's time, or everybody's (offsets kept) without one. */
  advance(clock: ManualClock, ms: number, partnerId?: string): void {
    if (partnerId === undefined) clock.advance(ms);
    else this.#tenantClock(partnerId).advance(ms);
  }

  /** Moves to `instantMs`: one partner's time, or everybody's (all to the same instant). */
  set(clock: ManualClock, instantMs: number, partnerId?: string): void {
    if (partnerId !== undefined) {
      this.#tenantClock(partnerId).setOffset(instantMs - clock.now());
      return;
    }
    for (const tenant of this.#tenants.values()) tenant.setOffset(0);
    clock.set(instantMs);
  }

  /** Puts a partner's time back to the server's (a scoped reset). */
  resetPartner(partnerId: string): void {
    this.#tenants.get(partnerId)?.setOffset(0);
  }

  /** Forgets every partner's own time (a full reset), cancelling their timers. */
  resetAll(): void {
    for (const tenant of this.#tenants.values()) tenant.dispose();
    this.#tenants.clear();
  }

  #tenantClock(partnerId: string): TenantClock {
    return this.ofPartner(partnerId) as TenantClock;
  }
}
