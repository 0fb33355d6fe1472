import type { OperationName, ServerEvent } from '@partner-assistant/contract';
import type { EngineResponse } from '../errors/engine-response.ts';
import type { EngineClock } from '../time/clock.ts';
import {
  type ContractViolation,
  restResponseViolation,
  serverEventViolation,
} from './contract-self-check.ts';

/** Response header naming a contract violation caught by the self-check. */
export const CONTRACT_VIOLATION_HEADER = 'X-Contract-Violation';

/** Violations kept; older ones are dropped. */
const MAX_VIOLATIONS = 1000;

/** Options of {@link ContractGuard}. */
export interface ContractGuardOptions {
  /** Validate responses and events. @default false */
  enabled: boolean;
  /** Time of each violation. */
  clock: EngineClock;
  /** Told about each violation as it is caught (the server logs it). */
  onViolation?: ((violation: ContractViolation) => void) | undefined;
}

/**
 * The self-check: validates every REST response and WebSocket event against the contract before
 * it leaves, records each violation, and marks a violating REST response with
 * {@link CONTRACT_VIOLATION_HEADER}. Violating answers still leave, so a test sees them.
 */
export class ContractGuard {
  readonly enabled: boolean;
  readonly #options: ContractGuardOptions;
  #violations: ContractViolation[] = [];

  constructor(options: ContractGuardOptions) {
    this.enabled = options.enabled;
    this.#options = options;
  }

  /** Checks a REST response; on violation adds the header and records it. */
  checkResponse(operation: OperationName | undefined, response: EngineResponse): void {
    if (!this.enabled) return;
    const reason = restResponseViolation(operation, response);
    if (!reason) return;
    response.headers = { ...response.headers, [CONTRACT_VIOLATION_HEADER]: reason };
    this.#add({
      kind: 'http',
      ...(operation ? { operation } : {}),
      status: response.status,
      reason,
    });
  }

  /** Checks an outgoing event; returns (and records) its violation, if any. */
  checkEvent(event: ServerEvent): string | undefined {
    if (!this.enabled) return undefined;
    const reason = serverEventViolation(event);
    if (reason) this.#add({ kind: 'ws', eventType: String(event.type), reason });
    return reason;
  }

  /** Violations caught so far, oldest first. */
  violations(): ContractViolation[] {
    return this.#violations.map((violation) => ({ ...violation }));
  }

  /** Forgets the violations caught so far. */
  clear(): void {
    this.#violations = [];
  }

  #add(violation: Omit<ContractViolation, 'at'>): void {
    const recorded = { at: new Date(this.#options.clock.now()).toISOString(), ...violation };
    this.#violations.push(recorded);
    if (this.#violations.length > MAX_VIOLATIONS) this.#violations.shift();
    this.#options.onViolation?.(recorded);
  }
}
