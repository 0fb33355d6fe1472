import {
  checkBoolean,
  checkHost,
  checkLogger,
  checkPort,
  ENGINE_OPTION_CHECKS,
  optionProblems,
} from '@partner-assistant/engine/transport';

/** Options of `startReferenceServer` that are wrong; the message names each one and why. */
export class ReferenceServerOptionsError extends TypeError {
  override readonly name = 'ReferenceServerOptionsError';
}

/** Every option `startReferenceServer` knows and its check (`config` has its own validation). */
const CHECKS = {
  ...ENGINE_OPTION_CHECKS,
  port: checkPort,
  host: checkHost,
  logger: checkLogger,
  admin: checkBoolean,
};

/**
 * Checks the options of `startReferenceServer` before anything starts, with the CLI's wording:
 * an unknown option or a value of the wrong kind (`{ clock: 'fast' }`, `{ port: 'abc' }`) throws.
 *
 * @throws {ReferenceServerOptionsError} naming every offending option.
 */
export function validateStartOptions(options: unknown): void {
  const problems = optionProblems(options, CHECKS);
  if (problems.length > 0) throw new ReferenceServerOptionsError(problems.join('; '));
}
