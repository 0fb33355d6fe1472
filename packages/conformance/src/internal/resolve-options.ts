import {
  type ApplicationCredentials,
  CONFORMANCE_DEFAULTS,
  type ConformanceOptions,
  ConformanceOptionsError,
} from '../options.ts';
import { isRuleGroup, RULE_GROUP_LIST, type RuleGroup, type RuleSource } from '../rule-groups.ts';
import type { RunSettings } from './run-context.ts';

/** Which rules `only` keeps. */
export interface RuleSelection {
  groups: ReadonlySet<RuleGroup>;
  sources: ReadonlySet<RuleSource>;
}

function url(value: unknown, name: string, protocols: string[], problems: string[]): string {
  try {
    const parsed = new URL(String(value));
    if (
      typeof value === 'string' &&
      protocols.includes(parsed.protocol) &&
      !parsed.search &&
      !parsed.hash
    )
      return parsed.href.replace(/\/+$/, '');
  } catch {}
  problems.push(`${name} must be a ${protocols.join(' or ')} URL without query or fragment`);
  return '';
}

function credentials(
  value: unknown,
  name: string,
  problems: string[],
): ApplicationCredentials | undefined {
  if (value === undefined) return undefined;
  const { clientId, clientSecret } = (value ?? {}) as Partial<ApplicationCredentials>;
  if (typeof clientId === 'string' && clientId && typeof clientSecret === 'string' && clientSecret)
    return { clientId, clientSecret };
  problems.push(`${name} needs a clientId and a clientSecret`);
  return undefined;
}

function selection(only: unknown, problems: string[]): RuleSelection {
  const groups = new Set<RuleGroup>();
  const sources = new Set<RuleSource>();
  for (const entry of (only ?? []) as unknown[]) {
    if (entry === 'specification') sources.add('specification');
    else if (entry === 'decisions') sources.add('decision');
    else if (typeof entry === 'string' && isRuleGroup(entry)) groups.add(entry);
    else
      problems.push(
        `only: unknown entry ${JSON.stringify(entry)} (expected ${RULE_GROUP_LIST.join(', ')}, specification or decisions)`,
      );
  }
  if (only !== undefined && !Array.isArray(only)) problems.push('only must be an array');
  return { groups, sources };
}

/** Checks the options at the door; throws one error naming every problem. */
export function resolveOptions(options: ConformanceOptions): {
  settings: RunSettings;
  selection: RuleSelection;
} {
  const problems: string[] = [];
  const baseUrl = url(options.baseUrl, 'baseUrl', ['http:', 'https:'], problems);
  const derivedWs = baseUrl.replace(/^http/, 'ws');
  const wsUrl =
    options.wsUrl === undefined
      ? derivedWs
      : url(options.wsUrl, 'wsUrl', ['ws:', 'wss:'], problems);
  const main = credentials(
    { clientId: options.clientId, clientSecret: options.clientSecret },
    'clientId/clientSecret',
    problems,
  );
  const timeoutMs = options.timeoutMs ?? CONFORMANCE_DEFAULTS.timeoutMs;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    problems.push('timeoutMs must be a positive integer');
  const settings: RunSettings = {
    baseUrl,
    wsUrl,
    main: main ?? { clientId: '', clientSecret: '' },
    timeoutMs,
    otherPartner: credentials(options.otherPartner, 'otherPartner', problems),
    readOnly: credentials(options.readOnly, 'readOnly', problems),
    limited: credentials(options.limited, 'limited', problems),
  };
  const selected = selection(options.only, problems);
  if (problems.length > 0) throw new ConformanceOptionsError(problems.join('; '));
  return { settings, selection: selected };
}
