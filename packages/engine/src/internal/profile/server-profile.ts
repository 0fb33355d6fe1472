/**
 * How much the engine answers: `full`, everything the specification promises and what our
 * decisions add (`docs/reference/decisions.md`); `minimal`, only what the specification shows,
 * so that a client tested against it requires nothing the real API does not promise.
 */
export type ServerProfile = 'full' | 'minimal';

/** The case of the UUIDs the engine issues. The engine reads them in either case. */
export type UuidCase = 'lower' | 'upper';

/** The profile and UUID case in force. */
export interface ProfileSettings {
  /** What the answers carry. */
  profile: ServerProfile;
  /** Case of the ids issued. */
  uuidCase: UuidCase;
}

/** Every profile, for option checks and the command line. */
export const SERVER_PROFILES: readonly ServerProfile[] = ['full', 'minimal'];

/** Every UUID case, for option checks and the command line. */
export const UUID_CASES: readonly UuidCase[] = ['lower', 'upper'];

/**
 * The settings of `profile` and `uuidCase` as given: `full` by default; ids in lower case,
 * except in the minimal profile, which issues them in upper case unless `uuidCase` says otherwise.
 *
 * @example resolveProfile({ profile: 'minimal' }) // { profile: 'minimal', uuidCase: 'upper' }
 */
export function resolveProfile(options: {
  profile?: ServerProfile | undefined;
  uuidCase?: UuidCase | undefined;
}): ProfileSettings {
  const profile = options.profile ?? 'full';
  return { profile, uuidCase: options.uuidCase ?? (profile === 'minimal' ? 'upper' : 'lower') };
}

/** Environment variable choosing the profile when no `profile` option is given. */
export const PROFILE_ENV = 'PARTNER_ASSISTANT_PROFILE';

/**
 * The profile an environment asks for with `PARTNER_ASSISTANT_PROFILE` (`full` or `minimal`), or
 * `undefined` when the variable is unset or empty. A partner runs a suite against a spec-minimal
 * server with `PARTNER_ASSISTANT_PROFILE=minimal`, changing no code.
 *
 * @throws {TypeError} naming the variable when its value is neither `full` nor `minimal`.
 * @example profileFromEnvironment({ PARTNER_ASSISTANT_PROFILE: 'minimal' }) // 'minimal'
 */
export function profileFromEnvironment(
  env: Readonly<Record<string, string | undefined>> | undefined,
): ServerProfile | undefined {
  const value = env?.[PROFILE_ENV];
  if (value === undefined || value === '') return undefined;
  if ((SERVER_PROFILES as readonly string[]).includes(value)) return value as ServerProfile;
  throw new TypeError(
    `${PROFILE_ENV} must be 'full' or 'minimal', got ${JSON.stringify(value.slice(0, 40))}`,
  );
}
