/**
 * The REST network faults, written once, on the reference server (real sockets) and the msw
 * handlers: the app's `fetch` rejects with a `TypeError` on a reset, and a hang answers nothing
 * until the app aborts or the test clears the fault.
 */
import { PATH_PREFIX } from '@partner-assistant/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tenantAndToken } from './support/api-calls.ts';
import { type RunningSetup, SETUPS } from './support/suite-setups.ts';

describe.each(SETUPS)('$name', (setup) => {
  let running: RunningSetup;
  beforeAll(async () => {
    running = await setup.start();
  });
  afterAll(() => running.close());

  const capabilities = (token: string, signal?: AbortSignal) =>
    fetch(`${running.baseUrl}${PATH_PREFIX}/capabilities`, {
      headers: { authorization: `Bearer ${token}` },
      ...(signal ? { signal } : {}),
    });

  /** Resolves once the armed faults are used up (the request reached the fault). */
  async function faultTaken(): Promise<void> {
    await vi.waitFor(() => expect(running.control.faults.list()).toHaveLength(0), {
      timeout: 10_000,
      interval: 5,
    });
  }

  it('a connection reset fails the request as a network error, once', async () => {
    const { tenant, token } = await tenantAndToken(running.baseUrl, running.control);
    running.control.faults.connectionReset({
      operation: 'getCapabilities',
      tenant: tenant.clientId,
    });
    await expect(capabilities(token)).rejects.toThrow(TypeError);
    expect((await capabilities(token)).status).toBe(200);
  });

  it('a hang answers nothing until the app aborts, or until the fault is cleared', async () => {
    const { tenant, token } = await tenantAndToken(running.baseUrl, running.control);
    running.control.faults.hang({ count: 2, tenant: tenant.clientId });
    const controller = new AbortController();
    const aborted = capabilities(token, controller.signal);
    const cleared = capabilities(token);
    await faultTaken();
    controller.abort();
    await expect(aborted).rejects.toThrow(/abort/i);
    running.control.faults.clear({ tenant: tenant.clientId });
    await expect(cleared).rejects.toThrow(TypeError);
    expect((await capabilities(token)).status).toBe(200);
  });
});
