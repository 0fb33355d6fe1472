import {
  checkBoolean,
  checkClock,
  checkHost,
  checkInstant,
  checkLogger,
  checkPort,
  checkRandom,
  checkSeed,
  type OptionCheck,
  optionMessage,
} from '@partner-assistant/engine/internal';

/** Options of `startReferenceServer` that are wrong; the message names each one and why. */
export class ReferenceServerOptionsError extends TypeError {
  override readonly name = 'ReferenceServerOptionsError';
}

/** Every option `startReferenceServer` knows and its check (`config` has its own validation). */
const CHECKS: Record<string, OptionCheck | null> = {
  config: null,
  port: checkPort,
  host: checkHost,
  logger: checkLogger,
  clock: checkClock,
  seed: checkSeed,
  startAt: checkInstant,
  selfCheck: checkBoolean,
  admin: checkBoolean,
  random: checkRandom,
};

/**
 * Checks the options of `startReferenceServer` before anything starts, with the CLI's wording:
 * an unknown option or a value of the wrong kind (`{ clock: 'fast' }`, `{ port: 'abc' }`) throws.
 *
 * @throws {ReferenceServerOptionsError} naming every offending option.
 */
export function validateStartOptions(options: unknown): void {
  if (options === undefined) return;
  if (options === null || typeof options !== 'object')
    throw new ReferenceServerOptionsError('options must be an object');
  const problems: string[] = [];
  for (const [name, value] of Object.entries(options)) {
    if (!Object.hasOwn(CHECKS, name)) {
      problems.push(`unknown option ${JSON.stringify(name)}`);
      continue;
    }
    const problem = value === undefined ? undefined : CHECKS[name]?.(value);
    if (problem) problems.push(optionMessage(name, problem, value));
  }
  if (problems.length > 0) throw new ReferenceServerOptionsError(problems.join('; '));
}
