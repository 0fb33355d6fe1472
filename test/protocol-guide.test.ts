import { readFileSync } from 'node:fs';
import { CLOSE_CODE_RULES } from '@partner-assistant/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RunningReferenceServer,
  startReferenceServer,
} from '../packages/reference-server/src/index.ts';
import { TEST_CONFIG } from '../packages/reference-server/test/support/test-server.ts';
import { ClaimLedger, readClaims } from './support/guide-claims.ts';
import type { GuideWalk } from './support/protocol-walk-context.ts';
import { checkAnswers } from './support/protocol-walk-errors.ts';
import { walkRest } from './support/protocol-walk-rest.ts';
import {
  walkFailedTurn,
  walkHandshakeAndCloses,
  walkRefusals,
} from './support/protocol-walk-socket.ts';
import { walkTranscript } from './support/protocol-walk-transcript.ts';

// docs/guides/protocol.md marks every behaviour it describes **Spec** or **Decision**. Each is
// walked against the reference server in both profiles: a Spec claim must hold in both, a
// Decision in the full profile, and under the minimal one it holds or is absent (the guide then
// says what a client does without it). The transcript is replayed as written in both.
const GUIDE = new URL('../docs/guides/protocol.md', import.meta.url);
const DECISIONS = new URL('../docs/reference/decisions.md', import.meta.url);
const CLAIMS = readClaims(GUIDE);

/** Claims no walk can show, and why. */
const NOT_WALKED: Record<string, string> = {
  'idle-silent': 'silence cannot be shown in a test that takes seconds',
  reconnect: 'what a client does, not what the server does',
  'close-1006': 'never sent by the server: a cut connection',
  'close-1011': 'an unexpected server failure cannot be provoked',
};

describe.each(['full', 'minimal'] as const)('docs/guides/protocol.md, %s profile', (profile) => {
  let server: RunningReferenceServer;
  let walk: GuideWalk;
  beforeAll(async () => {
    server = await startReferenceServer({
      config: { ...TEST_CONFIG, assistant: { processing_ms: 1000 } },
      port: 0,
      host: '127.0.0.1',
      clock: 'manual',
      seed: 'protocol-guide',
      profile,
    });
    walk = {
      server,
      profile,
      ledger: new ClaimLedger(CLAIMS, profile),
      answers: [],
      statuses: new Set(),
    };
  });
  afterAll(() => server.close());

  it('the transcript is what the reference server does', () => walkTranscript(GUIDE, walk));
  it('the handshake and the close codes', () => walkHandshakeAndCloses(walk));
  it('refused frames', () => walkRefusals(walk));
  it('a turn that fails', () => walkFailedTurn(walk));
  it('the REST fallback and its errors', async () => {
    await walkRest(walk);
    checkAnswers(walk);
  });

  it('every claim of the guide was walked but those no walk can show', () => {
    const unwalked = [...CLAIMS.keys()].filter((id) => !walk.ledger.walked.has(id));
    expect(unwalked.sort()).toEqual(Object.keys(NOT_WALKED).sort());
    // Under the minimal profile the decisions it removes were met, and their fallbacks apply.
    if (profile === 'minimal') {
      expect([...walk.ledger.absent].sort()).toEqual(
        expect.arrayContaining([
          'idempotent-replayed',
          'request-id',
          'retry-after',
          'rate-limit-headers',
        ]),
      );
    } else expect(walk.ledger.absent.size).toBe(0);
  });
});

it('every decision says what a client does without it, and every mark has a claim id', () => {
  const guide = readFileSync(GUIDE, 'utf8');
  for (const claim of CLAIMS.values()) {
    if (claim.kind === 'decision') expect(claim.text, claim.id).toMatch(/\*If absent:\*/);
  }
  // The two marks of the legend are the only ones without a claim id.
  expect(guide.match(/\*\*(Spec|Decision)\*\*(?! <!-- claim:)/g)).toHaveLength(2);
});

it('the links into decisions.md name sections it has', () => {
  const slug = (heading: string) =>
    heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N} -]/gu, '')
      .replace(/ /g, '-');
  const anchors = new Set(
    [...readFileSync(DECISIONS, 'utf8').matchAll(/^#+ (.+)$/gm)].map((match) => slug(match[1]!)),
  );
  const links = [...readFileSync(GUIDE, 'utf8').matchAll(/decisions\.md#([a-z0-9-]+)/g)];
  expect(links.length).toBeGreaterThan(0);
  for (const [, anchor] of links) expect(anchors, anchor).toContain(anchor);
});

it('the guide says what to do for every close code', () => {
  const guide = readFileSync(GUIDE, 'utf8');
  for (const rule of CLOSE_CODE_RULES) expect(guide).toMatch(new RegExp(`\\n\\| ${rule.code} \\|`));
});
