import { describe, expect, it } from 'vitest';
import { planAnswer, SIMULATE_ERROR_MARKER, splitIntoChunks } from './answer-plan.ts';

const question = {
  message: 'How do I renew my passport?',
  location: { city: 'Lyon' },
  locale: 'en-GB',
};

describe('planAnswer', () => {
  it('is deterministic and spells the answer with its deltas', () => {
    const plan = planAnswer(question, 300);
    expect(planAnswer(question, 300)).toEqual(plan);
    const text = plan.steps.flatMap((step) => (step.kind === 'delta' ? [step.text] : [])).join('');
    expect(text).toBe(plan.answer.text);
    expect(plan.answer.text).toContain('Lyon');
    expect(plan.steps.filter((step) => step.kind === 'delta').length).toBeGreaterThanOrEqual(3);
  });

  it('orders steps in time: running first, the end at processing_ms', () => {
    const { steps } = planAnswer(question, 300);
    expect(steps[0]?.kind).toBe('running');
    expect(steps.at(-1)).toEqual({ atMs: 300, kind: 'completed' });
    const times = steps.map((step) => step.atMs);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('shapes the answer by topic, location and locale', () => {
    const french = planAnswer(
      {
        message: 'Marché ce week-end ?',
        location: { city: 'Nantes', latitude: 47.2, longitude: -1.55 },
        locale: 'fr-FR',
      },
      100,
    );
    expect(french.answer.topic).toBe('local_life');
    expect(french.answer.text).toMatch(/^Voici/);
    expect(french.answer.visualizations.map((viz) => viz.type)).toEqual(['map', 'table']);
    expect(
      planAnswer({ message: 'Hello', location: undefined, locale: 'en-GB' }, 100).answer.topic,
    ).toBe('general');
  });

  it('fails a question containing the error marker, after one partial delta', () => {
    const { steps } = planAnswer({ ...question, message: `x ${SIMULATE_ERROR_MARKER}` }, 300);
    expect(steps.at(-1)?.kind).toBe('failed');
    expect(steps.filter((step) => step.kind === 'delta')).toHaveLength(1);
  });
});

describe('splitIntoChunks', () => {
  it('keeps every character', () => {
    for (const text of ['a b c d e', '  leading', 'one', 'x  y\n z ']) {
      expect(splitIntoChunks(text, 3).join('')).toBe(text);
    }
  });
});
