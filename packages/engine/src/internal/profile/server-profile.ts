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
