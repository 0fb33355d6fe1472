import { describe, expect, it } from 'vitest';
import { ReferenceServerOptionsError, startReferenceServer } from '../src/index.ts';

describe('startReferenceServer options', () => {
  it('refuses options of the wrong kind before starting, with the CLI wording', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ clock: 'fast' }, `clock must be 'real', 'manual' or a clock`],
      [{ port: 'abc' }, 'port must be an integer from 0 to 65535, got "abc"'],
      [{ port: 70_000 }, 'port must be an integer from 0 to 65535, got 70000'],
      [{ host: '' }, 'host must be a non-empty string'],
      [{ startAt: 'yesterday' }, 'startAt must be an ISO 8601 instant, got "yesterday"'],
      [{ seed: '' }, 'seed must be a non-empty string or a finite number'],
      [{ admin: 'yes' }, 'admin must be true or false'],
      [{ clocks: 'manual' }, 'unknown option "clocks"'],
    ];
    for (const [options, message] of cases) {
      const start = startReferenceServer(options as never);
      await expect(start).rejects.toThrow(ReferenceServerOptionsError);
      await expect(startReferenceServer(options as never)).rejects.toThrow(message);
    }
  });

  it('names the channel URL of a running server', async () => {
    const server = await startReferenceServer({ port: 0, clock: 'real' });
    try {
      expect(server.channelUrl).toBe(`${server.wsUrl}/api/partners/v1/chat`);
    } finally {
      await server.close();
    }
  });
});
