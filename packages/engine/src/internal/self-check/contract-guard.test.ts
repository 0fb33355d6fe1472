import type { ServerEvent } from '@partner-assistant/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_CONFIG } from '../config/demo-config.ts';
import { parseReferenceConfig } from '../config/parse-reference-config.ts';
import { OPERATION_HANDLERS } from '../operations/operation-handlers.ts';
import { createReferenceEngine } from '../runtime/reference-engine.ts';
import { ManualClock } from '../time/manual-clock.ts';
import { CONTRACT_VIOLATION_HEADER, ContractGuard } from './contract-guard.ts';

const originalCapabilities = OPERATION_HANDLERS.getCapabilities;
afterEach(() => {
  OPERATION_HANDLERS.getCapabilities = originalCapabilities;
});

function engineWithToken(selfCheck: boolean) {
  const violations: string[] = [];
  const engine = createReferenceEngine({
    config: parseReferenceConfig(DEMO_CONFIG),
    clock: new ManualClock(Date.UTC(2026, 0, 1)),
    selfCheck,
    onContractViolation: (violation) => violations.push(violation.reason),
  });
  const issued = engine.handle({
    operation: 'issueToken',
    authorization: `Basic ${btoa('demo-sandbox:demo-sandbox-secret')}`,
    body: { kind: 'json', value: { external_user_id: 'u' } },
  });
  const token = (issued.response.body as { access_token: string }).access_token;
  return { engine, token, violations };
}

describe('contract self-check', () => {
  it('catches a broken REST response: header, violation list and journal', () => {
    OPERATION_HANDLERS.getCapabilities = () => ({ status: 200, body: { api_version: 2 } });
    const { engine, token, violations } = engineWithToken(true);
    const outcome = engine.handleHttp({
      method: 'GET',
      path: '/api/partners/v1/capabilities',
      search: '',
      authorization: `Bearer ${token}`,
    });
    expect(outcome.response.headers[CONTRACT_VIOLATION_HEADER]).toMatch(/getCapabilities 200/);
    expect(engine.contractGuard.violations()).toMatchObject([
      { kind: 'http', operation: 'getCapabilities', status: 200 },
    ]);
    expect(violations).toHaveLength(1);
    engine.recordHttpExchange({ method: 'GET', path: '/x', outcome });
    expect(engine.journal.entries()[0]?.contractViolation).toMatch(/getCapabilities/);
  });

  it('lets conforming answers through untouched, and checks nothing when off', () => {
    const on = engineWithToken(true);
    expect(on.engine.contractGuard.violations()).toEqual([]);
    OPERATION_HANDLERS.getCapabilities = () => ({ status: 299, body: {} });
    const off = engineWithToken(false);
    const outcome = off.engine.handle({
      operation: 'getCapabilities',
      authorization: `Bearer ${off.token}`,
    });
    expect(outcome.response.headers[CONTRACT_VIOLATION_HEADER]).toBeUndefined();
  });

  it('catches a broken WebSocket event', () => {
    const guard = new ContractGuard({ enabled: true, clock: new ManualClock(0) });
    const broken = { type: 'assistant.delta', seq: 0 } as unknown as ServerEvent;
    expect(guard.checkEvent(broken)).toMatch(/server event/);
    expect(guard.checkEvent({ type: 'pong' })).toBeUndefined();
    expect(guard.violations()).toMatchObject([{ kind: 'ws', eventType: 'assistant.delta' }]);
  });
});
