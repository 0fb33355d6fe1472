import { describe, expect, it } from 'vitest';
import { composeAnswer } from './answer-content.ts';
import { ANSWER_SUBJECTS, answerSubjectOf } from './answer-subjects.ts';

/** Questions people ask, in English and in French, and the subject each is about. */
const QUESTIONS: [subject: string, english: string, french: string][] = [
  ['town_hall_hours', 'When is the town hall open?', 'Quand la mairie est-elle ouverte ?'],
  ['town_hall_hours', 'Town hall hours?', 'Horaires de la mairie ?'],
  ['market_hours', 'When is the market open?', 'Quand a lieu le marché ?'],
  ['market_hours', 'Market hours?', 'Marché ce week-end ?'],
  [
    'library_hours',
    'Is the library open on Sunday?',
    'La bibliothèque est-elle ouverte le dimanche ?',
  ],
  ['pool_hours', 'Is the pool open on Sunday?', 'La piscine est-elle ouverte le dimanche ?'],
  ['sundays', 'And on Sundays?', 'Et le dimanche ?'],
  ['parking', 'Where can I park near the town hall?', 'Où se garer près de la mairie ?'],
  ['parking', 'Where do I park near the town hall?', 'Où stationner près de la mairie ?'],
  ['parking_at_night', 'Is it free at night?', 'Est-ce gratuit la nuit ?'],
  ['passport', 'How do I renew my passport?', 'Comment renouveler mon passeport ?'],
  ['passport', 'My passport?', 'Mon passeport ?'],
  ['id_card', 'How do I renew my ID card?', "Comment renouveler ma carte d'identité ?"],
  [
    'id_card',
    'What documents do I need for an ID card?',
    "Quels documents pour une carte d'identité ?",
  ],
  ['documents', 'Which documents do I need to bring?', 'Quels documents dois-je apporter ?'],
  ['voting', 'Where do I vote?', 'Où voter ?'],
];

describe('answerSubjectOf', () => {
  it.each(QUESTIONS)('knows what "%s" questions are about', (subject, english, french) => {
    expect(answerSubjectOf(english)?.id).toBe(subject);
    expect(answerSubjectOf(french)?.id).toBe(subject);
  });

  it('leaves other questions to the general answer', () => {
    for (const question of ['Hello', 'Comment ça marche ?', 'Une démarche ?', 'A park nearby?']) {
      expect(answerSubjectOf(question)?.id).not.toBe('market_hours');
    }
    expect(answerSubjectOf('Hello')).toBeUndefined();
  });
});

describe('subject answers', () => {
  const place = { city: 'Lyon' };

  it.each(ANSWER_SUBJECTS.map((subject) => [subject.id]))(
    '%s: a full answer in both languages, with cards and follow-ups that are themselves answered',
    (id) => {
      const english = QUESTIONS.find(([subject]) => subject === id)![1];
      for (const locale of ['en-GB', 'fr-FR']) {
        const answer = composeAnswer({ message: english, location: place, locale });
        expect(answer.subject).toBe(id);
        expect(answer.text).toContain('Lyon');
        expect(answer.cards.length).toBeGreaterThan(0);
        const ids = [...answer.cards, ...answer.visualizations, ...answer.suggestedActions].map(
          (element) => element.id,
        );
        expect(new Set(ids).size).toBe(ids.length);
        for (const card of answer.cards) {
          if (card.url !== undefined) expect(new URL(card.url).protocol).toBe('https:');
        }
        for (const action of answer.suggestedActions) {
          if (action.type === 'reply') expect(answerSubjectOf(action.value)).toBeDefined();
          else expect(new URL(action.value).protocol).toBe('https:');
        }
      }
    },
  );

  it('answers in French for a French locale', () => {
    const answer = composeAnswer({
      message: 'Quand la mairie est-elle ouverte ?',
      location: undefined,
      locale: 'fr-FR',
    });
    expect(answer.text).toMatch(/^La mairie de votre commune est ouverte/);
    expect(answer.visualizations[0]?.data).toMatchObject({ columns: ['Jour', 'Horaires'] });
  });

  it('puts a map first when the question came with coordinates', () => {
    const answer = composeAnswer({
      message: 'When is the town hall open?',
      location: { city: 'Nantes', latitude: 47.2, longitude: -1.55 },
      locale: 'en-GB',
    });
    expect(answer.visualizations.map((viz) => viz.type)).toEqual(['map', 'table']);
  });
});
