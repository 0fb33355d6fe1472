import { type AnswerSubject, hoursTable, inLanguage, replyAction } from '../answer-subject.ts';

const RATES = {
  en: [
    ['Monday to Saturday, 9 am – 7 pm', '€1.50 an hour'],
    ['7 pm – 9 am', 'Free'],
    ['Sunday and public holidays', 'Free'],
  ] as [string, string][],
  fr: [
    ['Du lundi au samedi, 9 h – 19 h', '1,50 € l’heure'],
    ['19 h – 9 h', 'Gratuit'],
    ['Dimanche et jours fériés', 'Gratuit'],
  ] as [string, string][],
};

/** The parking near the town centre: where, and what it costs. */
function parkingAnswer(place: string, french: boolean, atNight: boolean) {
  const t = (en: string, fr: string) => inLanguage(french, en, fr);
  const text = atNight
    ? t(
        `Yes: on-street parking in ${place} is free from 7 pm to 9 am, and all day on Sundays and public holidays. The covered car park behind the town hall stays paying at night (€2 for the whole night).`,
        `Oui : le stationnement dans la rue à ${place} est gratuit de 19 h à 9 h, ainsi que toute la journée le dimanche et les jours fériés. Le parking couvert derrière la mairie reste payant la nuit (2 € la nuit entière).`,
      )
    : t(
        `The nearest parking in ${place} is the covered car park behind the town hall (120 spaces, open 24 hours), two minutes' walk away. On-street parking around the square costs €1.50 an hour from 9 am to 7 pm, Monday to Saturday, with a two-hour limit.`,
        `Le plus proche à ${place} est le parking couvert derrière la mairie (120 places, ouvert 24 h/24), à deux minutes à pied. Autour de la place, le stationnement dans la rue coûte 1,50 € l'heure de 9 h à 19 h, du lundi au samedi, limité à deux heures.`,
      );
  return {
    label: t('Looking up parking…', 'Recherche du stationnement…'),
    text,
    cards: [
      {
        id: 'card-place-1',
        type: 'place',
        title: t('Town hall car park', 'Parking de la mairie'),
        description: t('120 spaces, open 24 hours', '120 places, ouvert 24 h/24'),
      },
    ],
    visualizations: [
      hoursTable(
        'viz-table-1',
        t('On-street parking', 'Stationnement dans la rue'),
        french ? ['Quand', 'Tarif'] : ['When', 'Rate'],
        RATES[french ? 'fr' : 'en'],
      ),
    ],
    suggestedActions: atNight
      ? [
          replyAction(
            'action-reply-1',
            t('Town hall hours', 'Horaires de la mairie'),
            t('When is the town hall open?', 'Quand la mairie est-elle ouverte ?'),
          ),
        ]
      : [
          replyAction(
            'action-reply-1',
            t('Free at night?', 'Gratuit la nuit ?'),
            t('Is it free at night?', 'Est-ce gratuit la nuit ?'),
          ),
        ],
  };
}

/** "Is it free at night?", "Est-ce gratuit la nuit ?": parking at night. */
export const PARKING_AT_NIGHT: AnswerSubject = {
  id: 'parking_at_night',
  topic: 'local_life',
  matches: /\bnights?\b|overnight|\bnuits?\b/iu,
  answer: (place, french) => parkingAnswer(place, french, true),
};

/** "Where can I park near the town hall?", "Où se garer près de la mairie ?" */
export const PARKING: AnswerSubject = {
  id: 'parking',
  topic: 'local_life',
  matches: /\bparking\b|\bcar park|\bpark (near|close|in|at|by)\b|\bi park\b|stationn|\bgarer\b/iu,
  answer: (place, french) => parkingAnswer(place, french, false),
};
