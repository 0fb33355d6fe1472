import { type AnswerSubject, hoursTable, inLanguage, replyAction } from '../answer-subject.ts';

const HOURS_EN: [string, string][] = [
  ['Monday to Friday', '8:30 am – 5 pm'],
  ['Saturday', '9 am – 12 noon'],
  ['Sunday', 'Closed'],
];
const HOURS_FR: [string, string][] = [
  ['Du lundi au vendredi', '8 h 30 – 17 h'],
  ['Samedi', '9 h – 12 h'],
  ['Dimanche', 'Fermé'],
];

/** "When is the town hall open?", "Town hall hours?", "Quand la mairie est-elle ouverte ?" */
export const TOWN_HALL_HOURS: AnswerSubject = {
  id: 'town_hall_hours',
  topic: 'procedure',
  matches: /town hall|city hall|mairie|h[oô]tel de ville/iu,
  answer: (place, french) => {
    const t = (en: string, fr: string) => inLanguage(french, en, fr);
    return {
      label: t('Looking up the opening hours…', 'Recherche des horaires d’ouverture…'),
      text: t(
        `The town hall of ${place} is open Monday to Friday from 8:30 am to 5 pm, and on Saturday from 9 am to 12 noon. It is closed on Sundays and public holidays. Passports and ID cards are handled by appointment only: book a slot online before you go.`,
        `La mairie de ${place} est ouverte du lundi au vendredi de 8 h 30 à 17 h, et le samedi de 9 h à 12 h. Elle est fermée le dimanche et les jours fériés. Les passeports et cartes d'identité se font uniquement sur rendez-vous : réservez un créneau en ligne avant de vous déplacer.`,
      ),
      cards: [
        {
          id: 'card-place-1',
          type: 'place',
          title: t(`Town hall of ${place}`, `Mairie de ${place}`),
          description: t(
            'Mon–Fri 8:30 am – 5 pm, Sat 9 am – 12 noon',
            'Lun.–ven. 8 h 30 – 17 h, sam. 9 h – 12 h',
          ),
        },
        {
          id: 'card-link-1',
          type: 'link',
          title: t('Book an appointment', 'Prendre rendez-vous'),
          description: t('Passports and ID cards', "Passeports et cartes d'identité"),
          url: 'https://passeport.ants.gouv.fr/',
        },
      ],
      visualizations: [
        hoursTable(
          'viz-table-1',
          t('Opening hours', 'Horaires d’ouverture'),
          french ? ['Jour', 'Horaires'] : ['Day', 'Hours'],
          french ? HOURS_FR : HOURS_EN,
        ),
      ],
      suggestedActions: [
        replyAction(
          'action-reply-1',
          t('Parking nearby', 'Se garer à côté'),
          t('Where can I park near the town hall?', 'Où se garer près de la mairie ?'),
        ),
        replyAction(
          'action-reply-2',
          t('Renew a passport', 'Renouveler un passeport'),
          t('How do I renew my passport?', 'Comment renouveler mon passeport ?'),
        ),
      ],
    };
  },
};
