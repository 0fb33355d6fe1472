import { SERVER_PROFILES, UUID_CASES } from '../profile/server-profile.ts';

/**
 * What is wrong with one start option, shared by `startReferenceServer` and the CLI so both say
 * the same thing: each check returns the expectation a bad value fails (`undefined` when valid).
 */
export type OptionCheck = (value: unknown) => string | undefined;

const isFunction = (value: unknown, name: string) =>
  typeof (value as Record<string, unknown> | null)?.[name] === 'function';

/** `port`: an integer from 0 to 65535. */
export const checkPort: OptionCheck = (value) =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 65_535
    ? undefined
    : 'must be an integer from 0 to 65535';

/** `host`: a non-empty string. */
export const checkHost: OptionCheck = (value) =>
  typeof value === 'string' && value.length > 0 ? undefined : 'must be a non-empty string';

/** `clock`: `real`, `manual` or a clock object (`now`, `setTimer`, `clearTimer`). */
export const checkClock: OptionCheck = (value) =>
  value === 'real' ||
  value === 'manual' ||
  (isFunction(value, 'now') && isFunction(value, 'setTimer') && isFunction(value, 'clearTimer'))
    ? undefined
    : "must be 'real', 'manual' or a clock with now(), setTimer() and clearTimer()";

/** `seed`: a non-empty string or a finite number. */
export const checkSeed: OptionCheck = (value) =>
  (typeof value === 'string' && value.length > 0) ||
  (typeof value === 'number' && Number.isFinite(value))
    ? undefined
    : 'must be a non-empty string or a finite number';

/** `startAt`: an ISO 8601 instant or a valid `Date`. */
export const checkInstant: OptionCheck = (value) =>
  (typeof value === 'string' && !Number.isNaN(Date.parse(value))) ||
  (value instanceof Date && !Number.isNaN(value.getTime()))
    ? undefined
    : 'must be an ISO 8601 instant';

/** `selfCheck`, `admin`: a boolean. */
export const checkBoolean: OptionCheck = (value) =>
  typeof value === 'boolean' ? undefined : 'must be true or false';

/** `logger`: a pino logger. */
export const checkLogger: OptionCheck = (value) =>
  isFunction(value, 'info') && isFunction(value, 'error') && isFunction(value, 'isLevelEnabled')
    ? undefined
    : 'must be a pino logger';

/** `random`: a random source (`uuid`, `bytes`). */
export const checkRandom: OptionCheck = (value) =>
  isFunction(value, 'uuid') && isFunction(value, 'bytes')
    ? undefined
    : 'must be a random source with uuid() and bytes()';

/** `profile`: `full` or `minimal`. */
export const checkProfile: OptionCheck = (value) =>
  (SERVER_PROFILES as readonly unknown[]).includes(value)
    ? undefined
    : "must be 'full' or 'minimal'";

/** `uuidCase`: `lower` or `upper`. */
export const checkUuidCase: OptionCheck = (value) =>
  (UUID_CASES as readonly unknown[]).includes(value) ? undefined : "must be 'lower' or 'upper'";

/** A value as an error message quotes it. */
export function showValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'function') return 'a function';
  if (value instanceof Date) return `Date(${String(value)})`;
  if (value !== null && typeof value === 'object') return 'an object';
  return String(value);
}

/** `label must …, got value`: the one error message format of every option. */
export function optionMessage(label: string, problem: string, value: unknown): string {
  return `${label} ${problem}, got ${showValue(value)}`;
}

/** The checks of the options every transport passes to `createEngineRuntime` (`config` aside). */
export const ENGINE_OPTION_CHECKS: Readonly<Record<string, OptionCheck | null>> = {
  config: null,
  clock: checkClock,
  seed: checkSeed,
  startAt: checkInstant,
  selfCheck: checkBoolean,
  random: checkRandom,
  profile: checkProfile,
  uuidCase: checkUuidCase,
};

/**
 * What is wrong with `options`, one message per offending option: an unknown name, or a value
 * its check refuses (`undefined` values pass). Empty when every option is fine.
 */
export function optionProblems(
  options: unknown,
  checks: Readonly<Record<string, OptionCheck | null>>,
): string[] {
  if (options === undefined) return [];
  if (options === null || typeof options !== 'object') return ['options must be an object'];
  const problems: string[] = [];
  for (const [name, value] of Object.entries(options)) {
    if (!Object.hasOwn(checks, name)) {
      problems.push(`unknown option ${JSON.stringify(name)}`);
      continue;
    }
    const problem = value === undefined ? undefined : checks[name]?.(value);
    if (problem) problems.push(optionMessage(name, problem, value));
  }
  return problems;
}
