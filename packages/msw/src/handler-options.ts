import {
  ENGINE_OPTION_CHECKS,
  type EngineRuntimeOptions,
  type OptionCheck,
  optionProblems,
} from '@partner-assistant/engine/transport';

/**
 * Options of `createPartnerAssistantHandlers`: where the app calls the API, and the reference
 * server's engine options (configuration, clock, seed, start instant, self-check, random source,
 * profile and UUID case).
 */
export interface PartnerAssistantHandlersOptions
  extends Omit<EngineRuntimeOptions, 'onContractViolation'> {
  /**
   * Origin the app calls, as given to the SDK's `baseUrl`. Every request to this origin is the
   * API's (an unknown path is the API's `404`); without it, requests to `/api/partners/v1/…` and
   * the channel on any origin are.
   * @default any origin
   * @example 'https://assistant.example.com'
   */
  baseUrl?: string;
}

/** Options of `createPartnerAssistantHandlers` that are wrong; the message names each one. */
export class PartnerAssistantHandlersOptionsError extends TypeError {
  override readonly name = 'PartnerAssistantHandlersOptionsError';
}

/** `baseUrl`: an absolute http(s) URL without path, query or credentials. */
const checkBaseUrl: OptionCheck = (value) => {
  const url = typeof value === 'string' && URL.canParse(value) ? new URL(value) : undefined;
  const plain =
    url &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.pathname === '/' &&
    url.search === '' &&
    url.username === '';
  return plain ? undefined : 'must be an http(s) origin such as "https://assistant.example.com"';
};

/**
 * Checks the options before anything is built.
 * @throws {PartnerAssistantHandlersOptionsError} naming every offending option.
 */
export function validateHandlersOptions(options: unknown): void {
  const problems = optionProblems(options, { ...ENGINE_OPTION_CHECKS, baseUrl: checkBaseUrl });
  if (problems.length > 0) throw new PartnerAssistantHandlersOptionsError(problems.join('; '));
}
