import { describe, expect, it } from 'vitest';
import { isPartnerTokenProviderError } from '../errors/partner-token-provider-error.ts';
import type { TokenRequest } from './token-provider.ts';
import { REFUSED_CALLS_PER_WINDOW, TokenSource } from './token-source.ts';

function sourceWith(results: unknown[], clock = { now: 0 }) {
  let calls = 0;
  const requests: TokenRequest[] = [];
  const source = new TokenSource(
    async (request) => {
      requests.push(request);
      return results[calls++] as string;
    },
    { now: () => clock.now, timeoutMs: 1000, refreshMarginMs: 30_000 },
  );
  return { source, clock, calls: () => calls, requests };
}

/** A provider whose calls the test answers one by one. */
function manualSource() {
  const calls: { request: TokenRequest; answer: (token: string) => void }[] = [];
  const source = new TokenSource(
    (request) => new Promise<string>((answer) => calls.push({ request, answer })),
    { now: () => 0, timeoutMs: 1000, refreshMarginMs: 0 },
  );
  return { source, calls };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('TokenSource', () => {
  it('reuses a token until the margin before expires_at, then asks again', async () => {
    const expiresAt = new Date(900_000).toISOString();
    const { source, clock, calls } = sourceWith([
      { access_token: 'a', expires_at: expiresAt },
      { access_token: 'b', expires_in: 900 },
    ]);
    expect(await source.get()).toBe('a');
    clock.now = 869_999;
    expect(await source.get()).toBe('a');
    clock.now = 870_000;
    expect(await source.get()).toBe('b');
    expect(calls()).toBe(2);
  });

  it('refreshes halfway through a lifetime shorter than twice the margin', async () => {
    const { source, clock, calls } = sourceWith([{ access_token: 'a', expires_in: 20 }, 'b']);
    await source.get();
    clock.now = 9_999;
    expect(await source.get()).toBe('a');
    clock.now = 10_000;
    expect(await source.get()).toBe('b');
    expect(calls()).toBe(2);
  });

  it('shares one provider call between concurrent callers', async () => {
    const { source, calls } = sourceWith(['a', 'b']);
    expect(await Promise.all([source.get(), source.get(), source.get()])).toEqual(['a', 'a', 'a']);
    expect(calls()).toBe(1);
  });

  it('refresh: drops the rejected token once; concurrent refreshes share the new one', async () => {
    const { source, calls } = sourceWith(['a', 'b', 'c']);
    await source.get();
    expect(await Promise.all([source.refresh('a'), source.refresh('a')])).toEqual(['b', 'b']);
    expect(calls()).toBe(2);
  });

  it('refresh gives nothing for a plain string token, or when the provider returns the same token', async () => {
    const fixed = new TokenSource('pat_x', { now: () => 0, timeoutMs: 10, refreshMarginMs: 0 });
    expect(await fixed.refresh('pat_x')).toBeUndefined();
    const { source } = sourceWith(['a', 'a']);
    await source.get();
    expect(await source.refresh('a')).toBeUndefined();
  });

  it('a result without access_token is an invalid-token failure, and is not cached', async () => {
    const { source } = sourceWith([{ token: 'x' }, 'b']);
    const error = await source.get().catch((e: unknown) => e);
    expect(isPartnerTokenProviderError(error)).toBe(true);
    expect(error).toMatchObject({ failure: 'invalid', retryable: false });
    expect(await source.get()).toBe('b');
  });

  it('an invalid-token failure names what came back, and never a value that may be a token', async () => {
    const secret = 'tok_must_never_be_echoed';
    const answers: [unknown, string][] = [
      [undefined, 'returned nothing instead of a token'],
      ['', 'returned a value of type string instead of a token'],
      [42, 'returned a value of type number instead of a token'],
      [[secret], 'returned a value of type object instead of a token'],
      // The API's refusal passed on (a wrong client secret on the backend): its code and message.
      [
        {
          error: {
            code: 'unauthorized',
            message: 'Invalid client credentials',
            retryable: false,
            request_id: secret,
          },
        },
        'returned the API error unauthorized (Invalid client credentials) instead of a token',
      ],
      [{ token: secret, expires_in: 900 }, 'returned a value of type object instead of a token'],
      [{ access_token: { value: secret } }, 'returned a value of type object instead of a token'],
    ];
    const { source } = sourceWith(answers.map(([answer]) => answer));
    for (const [, says] of answers) {
      const error = (await source.get().catch((e: unknown) => e)) as Error;
      expect(error).toMatchObject({ name: 'PartnerTokenProviderError', failure: 'invalid' });
      expect(error.message).toBe(`The token provider ${says}`);
      expect(JSON.stringify({ ...error, message: error.message })).not.toContain(secret);
    }
  });

  it('an aborted caller stops waiting without cancelling the shared call for others', async () => {
    let release: (value: string) => void = () => {};
    const source = new TokenSource(() => new Promise<string>((resolve) => (release = resolve)), {
      now: () => 0,
      timeoutMs: 1000,
      refreshMarginMs: 0,
    });
    const controller = new AbortController();
    const aborted = source.get(controller.signal).catch((error: unknown) => error);
    const other = source.get();
    controller.abort(new Error('left'));
    await new Promise((resolve) => setTimeout(resolve, 0)); // the provider has been called
    release('a');
    expect(await aborted).toMatchObject({ message: 'left' });
    await expect(other).resolves.toBe('a');
  });

  it('tells the provider why: initial, expiring, then refused with the refused token', async () => {
    const { source, clock, requests } = sourceWith([
      { access_token: 'a', expires_in: 60 },
      'b',
      'c',
    ]);
    await source.get();
    clock.now = 30_000;
    expect(await source.get()).toBe('b');
    expect(await source.refresh('b')).toBe('c');
    expect(requests).toEqual([
      { reason: 'initial' },
      { reason: 'expiring' },
      { reason: 'refused', refusedToken: 'b' },
    ]);
  });

  it('a refresh does not join a call started before the refusal, whose answer is then not kept', async () => {
    // A request is refused 'a' while another one is already asking the provider (whose answer,
    // from a backend's cache, is 'a' again).
    const { source: racing, calls: racingCalls } = manualSource();
    const early = racing.get();
    await settled();
    const refreshed = racing.refresh('a');
    await settled();
    expect(racingCalls.map((call) => call.request)).toEqual([
      { reason: 'initial' },
      { reason: 'refused', refusedToken: 'a' },
    ]);
    racingCalls[1]?.answer('b');
    expect(await refreshed).toBe('b');
    racingCalls[0]?.answer('a');
    expect(await early).toBe('a');
    expect(await racing.get()).toBe('b');
    expect(racingCalls).toHaveLength(2);
  });

  it('concurrent refreshes of one refused token share one provider call', async () => {
    const { source, calls } = manualSource();
    const first = source.get();
    await settled();
    calls[0]?.answer('a');
    await first;
    const both = Promise.all([source.refresh('a'), source.refresh('a')]);
    await settled();
    calls[1]?.answer('b');
    expect(await both).toEqual(['b', 'b']);
    expect(calls).toHaveLength(2);
  });

  it(`asks the provider for refused tokens at most ${REFUSED_CALLS_PER_WINDOW} times a minute`, async () => {
    const clock = { now: 0 };
    let calls = 0;
    const source = new TokenSource(async () => `t${++calls}`, {
      now: () => clock.now,
      timeoutMs: 1000,
      refreshMarginMs: 0,
    });
    let token = await source.get();
    const answers: (string | undefined)[] = [];
    for (let i = 0; i < 10; i++) {
      const fresh = await source.refresh(token);
      answers.push(fresh);
      token = fresh ?? token;
    }
    expect(calls).toBe(1 + REFUSED_CALLS_PER_WINDOW);
    expect(answers.filter((answer) => answer === undefined)).toHaveLength(
      10 - REFUSED_CALLS_PER_WINDOW,
    );
    expect(await source.get()).toBe(token); // no call: the refused token is kept until then
    clock.now = 60_000;
    expect(await source.refresh(token)).toBe(`t${calls}`);
    expect(calls).toBe(2 + REFUSED_CALLS_PER_WINDOW);
  });
});
