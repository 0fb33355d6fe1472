import { describe, expect, it } from 'vitest';
import { DEMO_CONFIG } from './demo-config.ts';
import { parseReferenceConfig, ReferenceConfigError } from './parse-reference-config.ts';

function problemsOf(input: unknown): readonly string[] {
  try {
    parseReferenceConfig(input);
  } catch (error) {
    if (error instanceof ReferenceConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('parseReferenceConfig', () => {
  it('accepts the demo configuration and applies defaults', () => {
    const config = parseReferenceConfig({ partners: DEMO_CONFIG.partners });
    expect(config.assistant.processing_ms).toBe(300);
    expect(config.queue.capacity).toBe(1000);
  });

  it('names unknown keys and invalid values by their path', () => {
    const [partner] = DEMO_CONFIG.partners;
    const application = { ...partner.applications[0], scopes: ['chat:delete'], extra: true };
    const problems = problemsOf({
      partners: [{ ...partner, applications: [application] }],
      queue: { capacity: 0 },
      typo: 1,
    });
    expect(problems).toContain('typo: unknown key');
    expect(problems).toContain('partners.0.applications.0.extra: unknown key');
    expect(
      problems.some((problem) => problem.startsWith('partners.0.applications.0.scopes.0:')),
    ).toBe(true);
    expect(problems.some((problem) => problem.startsWith('queue.capacity:'))).toBe(true);
  });

  it('refuses duplicate client ids and partner ids', () => {
    const [partner] = DEMO_CONFIG.partners;
    const problems = problemsOf({ partners: [partner, partner] });
    expect(problems).toContain('partners.1.id: Duplicate partner id');
    expect(problems).toContain('partners.1.applications.0.client_id: Duplicate client_id');
  });

  it('refuses a configuration that is not an object', () => {
    expect(problemsOf(null)[0]).toMatch(/^\(root\):/);
  });
});
