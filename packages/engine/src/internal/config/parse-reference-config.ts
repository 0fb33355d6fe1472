import type { z } from 'zod';
import { type ReferenceConfig, referenceConfigSchema } from './reference-config-schema.ts';

/** A configuration that does not follow the schema; the message names every offending key. */
export class ReferenceConfigError extends Error {
  override readonly name = 'ReferenceConfigError';
  /** One line per problem, `key.path: message`. */
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Invalid reference server configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

function keyPath(path: readonly PropertyKey[]): string {
  return path.length === 0 ? '(root)' : path.map(String).join('.');
}

/** Describes one zod issue as `key.path: message`, naming unknown keys one by one. */
function describeIssue(issue: z.core.$ZodIssue): string[] {
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => `${keyPath([...issue.path, key])}: unknown key`);
  }
  return [`${keyPath(issue.path)}: ${issue.message}`];
}

/**
 * Validates a configuration (the parsed JSON of a config file, or an object given to
 * `startReferenceServer`) and applies defaults.
 *
 * @throws {ReferenceConfigError} naming each invalid or unknown key.
 */
export function parseReferenceConfig(input: unknown): ReferenceConfig {
  const result = referenceConfigSchema.safeParse(input);
  if (result.success) return result.data;
  throw new ReferenceConfigError(result.error.issues.flatMap(describeIssue));
}
