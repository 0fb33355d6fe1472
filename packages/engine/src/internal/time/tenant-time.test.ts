import { describe, expect, it } from 'vitest';
import { systemClock } from './clock.ts';
import { ManualClock } from './manual-clock.ts';
import { TenantTime } from './tenant-time.ts';

const START = Date.parse('2026-03-10T12:00:00.000Z');

function setup() {
  const server = new ManualClock(START);
  const time = new TenantTime(server);
  const fired: string[] = [];
  const schedule = (partner: string, label: string, delayMs: number) =>
    time.ofPartner(partner).setTimer(() => fired.push(label), delayMs);
  return { server, time, fired, schedule };
}

describe('TenantTime', () => {
  it("moves one tenant's time and fires only its timers, in due order", () => {
    const { server, time, fired, schedule } = setup();
    schedule('a', 'a-2s', 2000);
    schedule('a', 'a-1s', 1000);
    schedule('b', 'b-1s', 1000);
    time.advance(server, 1500, 'a');
    expect(fired).toEqual(['a-1s']);
    expect(time.ofPartner('a').now()).toBe(START + 1500);
    expect(time.ofPartner('b').now()).toBe(START);
    time.advance(server, 500, 'a');
    expect(fired).toEqual(['a-1s', 'a-2s']);
  });

  it('moves every tenant with the server, keeping what each moved on its own', () => {
    const { server, time, fired, schedule } = setup();
    time.advance(server, 60_000, 'a');
    schedule('a', 'a', 1000);
    schedule('b', 'b', 1000);
    time.advance(server, 1000);
    expect(fired.sort()).toEqual(['a', 'b']);
    expect(time.ofPartner('a').now()).toBe(START + 61_000);
    expect(time.ofPartner('b').now()).toBe(START + 1000);
  });

  it('runs timers scheduled by timers within the same step', () => {
    const { server, time, fired } = setup();
    const clock = time.ofPartner('a');
    clock.setTimer(() => {
      fired.push(`first@${clock.now() - START}`);
      clock.setTimer(() => fired.push(`second@${clock.now() - START}`), 300);
    }, 200);
    time.advance(server, 1000, 'a');
    expect(fired).toEqual(['first@200', 'second@500']);
  });

  it('sets one tenant or every tenant to an instant, and resets a tenant to server time', () => {
    const { server, time } = setup();
    time.set(server, START + 3_600_000, 'a');
    expect(time.ofPartner('a').now()).toBe(START + 3_600_000);
    expect(server.now()).toBe(START);
    time.resetPartner('a');
    expect(time.ofPartner('a').now()).toBe(START);
    time.advance(server, 5000, 'b');
    time.set(server, START + 1000);
    expect(time.ofPartner('a').now()).toBe(START + 1000);
    expect(time.ofPartner('b').now()).toBe(START + 1000);
  });

  it('cancels a timer, and gives every tenant the one time of a real clock', () => {
    const { server, time, fired, schedule } = setup();
    const handle = schedule('a', 'cancelled', 100);
    time.ofPartner('a').clearTimer(handle);
    time.advance(server, 1000);
    expect(fired).toEqual([]);
    const real = new TenantTime(systemClock);
    expect(real.ofPartner('a')).toBe(systemClock);
    expect(real.manual).toBeUndefined();
  });
});
