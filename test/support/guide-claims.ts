import { readFileSync } from 'node:fs';
import { expect } from 'vitest';

/** Who promises a behaviour a guide describes: the specification, or our decision. */
export type ClaimKind = 'spec' | 'decision';

/** One marked behaviour of a guide: `**Spec** <!-- claim:ID -->` or `**Decision** <!-- claim:ID -->`. */
export interface GuideClaim {
  id: string;
  kind: ClaimKind;
  /** The claim's text, from its mark to the end of its list item, paragraph or table row. */
  text: string;
}

const MARK = /\*\*(Spec|Decision)\*\* <!-- claim:([a-z0-9-]+) -->/g;

/** The marked claims of a Markdown guide, in order; throws on an id used twice. */
export function readClaims(path: URL): Map<string, GuideClaim> {
  const source = readFileSync(path, 'utf8');
  const claims = new Map<string, GuideClaim>();
  for (const match of source.matchAll(MARK)) {
    const id = match[2]!;
    if (claims.has(id)) throw new Error(`The claim ${id} is marked twice`);
    const rest = source.slice(match.index + match[0].length);
    // A claim ends where its list item, paragraph or table row does.
    const end = rest.search(/\n\s*\n|\n- |\n\|/);
    const text = (end === -1 ? rest : rest.slice(0, end)).replace(/\s+/g, ' ').trim();
    claims.set(id, { id, kind: match[1] === 'Spec' ? 'spec' : 'decision', text });
  }
  return claims;
}

/**
 * What a walk saw of a claim: it `holds`, the behaviour is `absent` (what a decision may be under
 * the minimal profile: the guide's *If absent* applies), or `{ fails }` with what went wrong.
 */
export type Observation = 'holds' | 'absent' | { fails: string };

/** `holds` when `ok`, else a failure saying `why`. */
export function holdsIf(ok: boolean, why: string): Observation {
  return ok ? 'holds' : { fails: why };
}

/**
 * An optional part of an answer: `absent` when none of `values` is there, `holds` when all are and
 * each passes `valid`, a failure otherwise (present on some answers only, or present but wrong).
 */
export function presence<T>(
  values: readonly (T | undefined | null)[],
  valid: (value: T) => boolean,
  what: string,
): Observation {
  const present = values.filter((value): value is T => value !== undefined && value !== null);
  if (values.length === 0) return { fails: `no answer to read ${what} from` };
  if (present.length === 0) return 'absent';
  if (present.length < values.length) {
    return { fails: `${what} on ${present.length} of ${values.length} answers` };
  }
  const wrong = present.filter((value) => !valid(value));
  return wrong.length === 0 ? 'holds' : { fails: `${what}: ${JSON.stringify(wrong.slice(0, 3))}` };
}

/**
 * The claims of a guide as walked against one server profile. A **Spec** claim must hold under
 * every profile; a **Decision** must hold under the full profile, and under the minimal one either
 * holds or is absent (the guide then says what a client does without it).
 */
export class ClaimLedger {
  /** The ids walked so far. */
  readonly walked = new Set<string>();
  /** The decisions found absent, whose *If absent* a client relies on. */
  readonly absent = new Set<string>();
  readonly #claims: Map<string, GuideClaim>;
  readonly #profile: 'full' | 'minimal';

  constructor(claims: Map<string, GuideClaim>, profile: 'full' | 'minimal') {
    this.#claims = claims;
    this.#profile = profile;
  }

  /** Records what a walk saw of the claim `id`, and fails the test when the guide is wrong. */
  observe(id: string, observation: Observation): void {
    const claim = this.#claims.get(id);
    if (!claim) throw new Error(`The guide marks no claim ${id}`);
    this.walked.add(id);
    const label = `${claim.kind} claim ${id} under the ${this.#profile} profile ("${claim.text.slice(0, 80)}…")`;
    if (observation === 'holds') return;
    if (observation === 'absent') {
      expect(claim.kind, `${label}: absent`).toBe('decision');
      expect(this.#profile, `${label}: absent from the full profile`).toBe('minimal');
      this.absent.add(id);
      return;
    }
    expect.fail(`${label}: ${observation.fails}`);
  }
}
