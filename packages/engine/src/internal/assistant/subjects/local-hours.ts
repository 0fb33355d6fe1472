import type { SuggestedAction } from '@partner-assistant/contract';
import { type AnswerSubject, hoursTable, inLanguage, replyAction } from '../answer-subject.ts';

type Hours = [day: string, hours: string][];

/** A place of local life with its opening hours, in both languages. */
interface OpeningHours {
  id: string;
  matches: RegExp;
  /** The place's name, such as "Market", for a town. */
  name: { en: (place: string) => string; fr: (place: string) => string };
  /** One-line summary, on its card. */
  summary: { en: string; fr: string };
  text: { en: (place: string) => string; fr: (place: string) => string };
  hours: { en: Hours; fr: Hours };
  /** A follow-up question, in both languages. */
  next: { label: { en: string; fr: string }; value: { en: string; fr: string } };
}

/** The subject of a place whose hours the demo assistant knows: a card, a table, a follow-up. */
function openingHours(spec: OpeningHours): AnswerSubject {
  return {
    id: spec.id,
    topic: 'local_life',
    matches: spec.matches,
    answer: (place, french) => {
      const lang = french ? 'fr' : 'en';
      const t = (en: string, fr: string) => inLanguage(french, en, fr);
      const agenda: SuggestedAction = {
        id: 'action-open-1',
        type: 'open_url',
        label: t("Town's agenda", 'Agenda de la ville'),
        value: `https://example.org/agenda?town=${encodeURIComponent(place)}`,
      };
      return {
        label: t('Looking up the opening hours…', 'Recherche des horaires d’ouverture…'),
        text: spec.text[lang](place),
        cards: [
          {
            id: 'card-place-1',
            type: 'place',
            title: spec.name[lang](place),
            description: spec.summary[lang],
          },
        ],
        visualizations: [
          hoursTable(
            'viz-table-1',
            t('Opening hours', 'Horaires d’ouverture'),
            french ? ['Jour', 'Horaires'] : ['Day', 'Hours'],
            spec.hours[lang],
          ),
        ],
        suggestedActions: [
          replyAction('action-reply-1', spec.next.label[lang], spec.next.value[lang]),
          agenda,
        ],
      };
    },
  };
}

/** "When is the market open?", "Market hours?", "Quand a lieu le marché ?" */
export const MARKET_HOURS = openingHours({
  id: 'market_hours',
  matches: /\bmarkets?\b|(?<!\p{L})marchés?(?!\p{L})/iu,
  name: { en: (place) => `${place} market`, fr: (place) => `Marché de ${place}` },
  summary: { en: 'Wednesday and Saturday, 8 am – 1 pm', fr: 'Mercredi et samedi, 8 h – 13 h' },
  text: {
    en: (place) =>
      `The market in ${place} is open on Wednesday and Saturday mornings, from 8 am to 1 pm, on the main square. On Saturdays there are about forty stalls, with local farmers' produce. There is no market on Sundays.`,
    fr: (place) =>
      `Voici les horaires du marché de ${place} : il a lieu le mercredi et le samedi matin, de 8 h à 13 h, sur la place principale. Le samedi, une quarantaine d'étals proposent des produits des fermes voisines. Il n'y a pas de marché le dimanche.`,
  },
  hours: {
    en: [
      ['Wednesday', '8 am – 1 pm'],
      ['Saturday', '8 am – 1 pm'],
    ],
    fr: [
      ['Mercredi', '8 h – 13 h'],
      ['Samedi', '8 h – 13 h'],
    ],
  },
  next: {
    label: { en: 'Parking nearby', fr: 'Se garer à côté' },
    value: { en: 'Where can I park near the market?', fr: 'Où se garer près du marché ?' },
  },
});

/** "Is the library open on Sunday?", "La bibliothèque est-elle ouverte le dimanche ?" */
export const LIBRARY_HOURS = openingHours({
  id: 'library_hours',
  matches: /librar(y|ies)|biblioth[eè]que|m[ée]diath[eè]que/iu,
  name: { en: (place) => `${place} library`, fr: (place) => `Bibliothèque de ${place}` },
  summary: {
    en: 'Tue–Sat 10 am – 6 pm, Sun 2 pm – 6 pm',
    fr: 'Mar.–sam. 10 h – 18 h, dim. 14 h – 18 h',
  },
  text: {
    en: (place) =>
      `The library of ${place} is open Tuesday to Saturday from 10 am to 6 pm, and on Sunday afternoon from 2 pm to 6 pm. It is closed on Mondays. Borrowing is free for residents with a library card.`,
    fr: (place) =>
      `La bibliothèque de ${place} est ouverte du mardi au samedi de 10 h à 18 h, et le dimanche après-midi de 14 h à 18 h. Elle est fermée le lundi. L'emprunt est gratuit pour les habitants munis d'une carte de lecteur.`,
  },
  hours: {
    en: [
      ['Tuesday to Saturday', '10 am – 6 pm'],
      ['Sunday', '2 pm – 6 pm'],
      ['Monday', 'Closed'],
    ],
    fr: [
      ['Du mardi au samedi', '10 h – 18 h'],
      ['Dimanche', '14 h – 18 h'],
      ['Lundi', 'Fermé'],
    ],
  },
  next: {
    label: { en: 'The pool', fr: 'La piscine' },
    value: { en: 'Is the pool open on Sunday?', fr: 'La piscine est-elle ouverte le dimanche ?' },
  },
});

/** "Is the pool open on Sunday?", "La piscine est-elle ouverte le dimanche ?" */
export const POOL_HOURS = openingHours({
  id: 'pool_hours',
  matches: /\bpools?\b|swimming|piscine/iu,
  name: { en: (place) => `${place} swimming pool`, fr: (place) => `Piscine de ${place}` },
  summary: { en: 'Every day; Sunday 9 am – 1 pm', fr: 'Tous les jours ; dimanche 9 h – 13 h' },
  text: {
    en: (place) =>
      `Yes: the swimming pool of ${place} is open on Sunday from 9 am to 1 pm. On weekdays it opens from 12 noon to 2 pm and from 5 pm to 8 pm, and on Saturday from 10 am to 6 pm. The last entry is 30 minutes before closing.`,
    fr: (place) =>
      `Oui : la piscine de ${place} est ouverte le dimanche de 9 h à 13 h. En semaine, elle ouvre de 12 h à 14 h et de 17 h à 20 h, et le samedi de 10 h à 18 h. Dernière entrée 30 minutes avant la fermeture.`,
  },
  hours: {
    en: [
      ['Monday to Friday', '12 noon – 2 pm, 5 pm – 8 pm'],
      ['Saturday', '10 am – 6 pm'],
      ['Sunday', '9 am – 1 pm'],
    ],
    fr: [
      ['Du lundi au vendredi', '12 h – 14 h, 17 h – 20 h'],
      ['Samedi', '10 h – 18 h'],
      ['Dimanche', '9 h – 13 h'],
    ],
  },
  next: {
    label: { en: 'The library', fr: 'La bibliothèque' },
    value: {
      en: 'Is the library open on Sunday?',
      fr: 'La bibliothèque est-elle ouverte le dimanche ?',
    },
  },
});
