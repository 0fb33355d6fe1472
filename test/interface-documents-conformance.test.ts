import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RunningReferenceServer,
  startReferenceServer,
} from '../packages/reference-server/src/index.ts';
import { TEST_CONFIG } from '../packages/reference-server/test/support/test-server.ts';
import { closeProblems, frameProblems, restProblems } from './support/document-validator.ts';
import { runRealisticSession } from './support/realistic-session.ts';
import type { Recording } from './support/recording-api.ts';

// A strict conformance pass: every answer, frame and close code the reference server produces in a
// realistic session is held to the published documents (unknown properties refused, every status,
// header and close code declared), in its default profile and in the profile that sends only what
// the specification promises: the documents describe both. The server's self-check stays silent.
describe.each(['full', 'minimal'] as const)(
  'the reference server (profile %s) against docs/openapi.json and docs/asyncapi.yaml',
  (profile) => {
    let server: RunningReferenceServer;
    let recording: Recording;
    beforeAll(async () => {
      server = await startReferenceServer({
        config: { ...TEST_CONFIG, assistant: { processing_ms: 1000 }, queue: { capacity: 3 } },
        port: 0,
        host: '127.0.0.1',
        clock: 'manual',
        startAt: '2026-03-10T12:00:00.000Z',
        selfCheck: true,
        profile,
      });
      recording = await runRealisticSession(server);
    }, 30_000);
    afterAll(() => server.close());

    it('covers every declared REST status that a session can reach', () => {
      const seen = new Set(recording.exchanges.map((exchange) => exchange.status));
      expect([...seen].sort()).toEqual([200, 201, 202, 401, 403, 404, 409, 413, 422, 429, 503]);
    });

    it('answers every REST request with a declared status, body and headers', () => {
      const problems = recording.exchanges.flatMap((exchange) =>
        restProblems(exchange).map(
          (problem) => `${exchange.method} ${exchange.path} ${exchange.status}: ${problem}`,
        ),
      );
      expect(problems).toEqual([]);
    });

    it('sends only declared frames, each matching its payload schema', () => {
      const types = new Set(recording.frames.map((frame) => (frame as { type: string }).type));
      expect([...types].sort()).toEqual(
        [
          'assistant.completed',
          'assistant.delta',
          'assistant.error',
          'assistant.status',
          'frame.rejected',
          'pong',
          'turn.accepted',
          'turn.running',
          'turn.snapshot',
        ].sort(),
      );
      const problems = recording.frames.flatMap((frame) =>
        frameProblems(frame).map((problem) => `${JSON.stringify(frame).slice(0, 80)}: ${problem}`),
      );
      expect(problems).toEqual([]);
    });

    it('closes only with declared codes, each in the phase the document gives it', () => {
      expect(recording.closes.map((close) => `${close.code} ${close.phase}`).sort()).toEqual(
        [
          '1000 open',
          '1000 open',
          '1006 open',
          '1009 open',
          '4400 handshake',
          '4400 handshake',
          '4401 handshake',
          '4401 open',
          '4403 handshake',
          '4429 handshake',
        ].sort(),
      );
      const problems = recording.closes
        .filter((close) => close.code !== 1006)
        .flatMap((close) => closeProblems(close));
      expect(problems).toEqual([]);
    });

    it('would catch an undeclared field, status or header', () => {
      const exchange = recording.exchanges.find((candidate) => candidate.status === 201)!;
      expect(
        restProblems({ ...exchange, body: { ...(exchange.body as object), extra: 1 } }),
      ).not.toEqual([]);
      expect(restProblems({ ...exchange, status: 418 })).not.toEqual([]);
      expect(
        restProblems({ ...exchange, headers: { ...exchange.headers, 'x-debug': '1' } }),
      ).not.toEqual([]);
      const frame = recording.frames[0] as object;
      expect(frameProblems({ ...frame, extra: 1 })).not.toEqual([]);
      expect(closeProblems({ code: 4403, phase: 'open' })).not.toEqual([]);
    });

    it('leaves the server self-check silent', () => {
      expect(server.control.selfCheck.violations()).toEqual([]);
    });
  },
);
