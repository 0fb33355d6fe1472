import { type AnswerSubject, hoursTable, inLanguage, replyAction } from '../answer-subject.ts';

/** "And on Sundays?", "Et le dimanche ?": what is open in town on a Sunday. */
export const SUNDAYS: AnswerSubject = {
  id: 'sundays',
  topic: 'local_life',
  matches: /\bsundays?\b|dimanches?/iu,
  answer: (place, french) => {
    const t = (en: string, fr: string) => inLanguage(french, en, fr);
    return {
      label: t(
        'Looking up what is open on Sundays…',
        'Recherche de ce qui est ouvert le dimanche…',
      ),
      text: t(
        `On Sundays in ${place}, the town hall and the market are closed. The library opens from 2 pm to 6 pm and the swimming pool from 9 am to 1 pm. On-street parking is free all day.`,
        `Le dimanche à ${place}, la mairie et le marché sont fermés. La bibliothèque ouvre de 14 h à 18 h et la piscine de 9 h à 13 h. Le stationnement dans la rue est gratuit toute la journée.`,
      ),
      cards: [
        {
          id: 'card-event-1',
          type: 'event',
          title: t('Open on Sundays', 'Ouvert le dimanche'),
          description: t('Library and swimming pool', 'Bibliothèque et piscine'),
        },
      ],
      visualizations: [
        hoursTable(
          'viz-table-1',
          t('Sunday hours', 'Horaires du dimanche'),
          french ? ['Lieu', 'Dimanche'] : ['Place', 'Sunday'],
          french
            ? [
                ['Mairie', 'Fermée'],
                ['Marché', 'Fermé'],
                ['Bibliothèque', '14 h – 18 h'],
                ['Piscine', '9 h – 13 h'],
              ]
            : [
                ['Town hall', 'Closed'],
                ['Market', 'Closed'],
                ['Library', '2 pm – 6 pm'],
                ['Swimming pool', '9 am – 1 pm'],
              ],
        ),
      ],
      suggestedActions: [
        replyAction(
          'action-reply-1',
          t('Weekday hours', 'Horaires en semaine'),
          t('When is the town hall open?', 'Quand la mairie est-elle ouverte ?'),
        ),
      ],
    };
  },
};
