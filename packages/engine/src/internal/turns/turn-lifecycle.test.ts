import { describe, expect, it } from 'vitest';
import { engineFixture, PROCESSING_MS } from '../runtime/engine-fixture.test-support.ts';

describe('turn lifecycle', () => {
  it('an erased turn takes no further step: no event, no status change, no timer left', () => {
    const { engine, clock, tenant, openSocket } = engineFixture();
    const socket = openSocket();
    socket.ask('erased', 'How do I renew my passport?');
    clock.advance(PROCESSING_MS / 2);
    const [turn] = [...engine.state.turnsInProgress];
    expect(turn?.status).toBe('running');
    const sentBefore = socket.events.length;
    const erased = engine.handle({
      operation: 'eraseUser',
      authorization: `Basic ${btoa(`${tenant.clientId}:${tenant.clientSecret}`)}`,
      params: { external_user_id: 'user-1' },
    });
    expect(erased.response.status).toBe(200);
    clock.advance(PROCESSING_MS * 2);
    expect(socket.events).toHaveLength(sentBefore);
    expect([turn?.status, turn?.answered]).toEqual(['running', false]);
    expect(clock.pendingTimers).toBe(0);
  });
});
