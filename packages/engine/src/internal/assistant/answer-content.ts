import type { Card, Location, SuggestedAction, Visualization } from '@partner-assistant/contract';
import { inLanguage, replyAction } from './answer-subject.ts';
import { ANSWER_TEXTS } from './answer-texts.ts';
import { type AnswerTopic, isFrench, placeNameOf } from './answer-topic.ts';
import { type QuestionSubject, questionSubjectOf } from './question-subject.ts';

/** The text and structured content of a simulated answer. */
export interface AnswerContent {
  /** Topic detected in the question. */
  topic: AnswerTopic;
  /**
   * The subject answered in full (`town_hall_hours`, `passport`…), or `undefined` when the
   * answer is the topic's general one.
   */
  subject: string | undefined;
  /** The full answer text, later split into deltas. */
  text: string;
  /** Progress labels, in order. */
  labels: string[];
  /** Example cards. */
  cards: Card[];
  /** Example visualizations. */
  visualizations: Visualization[];
  /** Example follow-ups. */
  suggestedActions: SuggestedAction[];
}

function labelsOf(topic: AnswerTopic, place: string, french: boolean): string[] {
  const searching = {
    procedure: french
      ? `Recherche des démarches à ${place}…`
      : `Looking up procedures in ${place}…`,
    local_life: french ? `Recherche de l'agenda de ${place}…` : `Checking what is on in ${place}…`,
    general: french ? 'Recherche des sujets disponibles…' : 'Looking up available topics…',
  }[topic];
  return [understandingLabel(french), searching];
}

/** The first progress label of every answer. */
const understandingLabel = (french: boolean): string =>
  french ? 'Analyse de votre question…' : 'Understanding your question…';

function cardsOf(topic: AnswerTopic, place: string, french: boolean): Card[] {
  const town = encodeURIComponent(place);
  const hall: Card = {
    id: 'card-place-1',
    type: 'place',
    title: french ? `Mairie de ${place}` : `Town hall of ${place}`,
    description: french ? 'Accueil sur rendez-vous' : 'Open by appointment',
  };
  if (topic === 'procedure') {
    const procedure: Card = {
      id: 'card-procedure-1',
      type: 'procedure',
      title: french ? 'Démarche en ligne' : 'Online procedure',
      description: french ? 'Pièces à fournir et délais' : 'Documents to provide and delays',
      url: 'https://www.service-public.fr/particuliers/vosdroits/N360',
    };
    return [procedure, hall];
  }
  if (topic === 'local_life') {
    const event: Card = {
      id: 'card-event-1',
      type: 'event',
      title: french ? `Marché de ${place}` : `${place} market`,
      description: french ? 'Samedi, 8 h – 13 h' : 'Saturday, 8 am – 1 pm',
    };
    return [
      event,
      {
        id: 'card-link-1',
        type: 'link',
        title: 'Agenda',
        url: `https://example.org/agenda?town=${town}`,
      },
    ];
  }
  return [
    {
      id: 'card-link-1',
      type: 'link',
      title: 'Service-Public.fr',
      url: 'https://www.service-public.fr/',
    },
  ];
}

/** A map of the question's place, when it came with coordinates. */
function mapOf(location: Location | undefined, french: boolean): Visualization[] {
  if (location?.latitude === undefined || location.longitude === undefined) return [];
  return [
    {
      id: 'viz-map-1',
      type: 'map',
      title: french ? 'Sur la carte' : 'On the map',
      data: { latitude: location.latitude, longitude: location.longitude, zoom: 13 },
    },
  ];
}

function visualizationsOf(
  topic: AnswerTopic,
  location: Location | undefined,
  french: boolean,
): Visualization[] {
  const found = mapOf(location, french);
  if (topic === 'procedure') {
    const steps = french
      ? ['Pièces', 'Rendez-vous', 'Dépôt', 'Retrait']
      : ['Documents', 'Appointment', 'Filing', 'Collection'];
    found.push({
      id: 'viz-timeline-1',
      type: 'timeline',
      title: french ? 'Étapes' : 'Steps',
      data: { steps },
    });
  }
  if (topic === 'local_life') {
    const columns = french ? ['Jour', 'Activité'] : ['Day', 'Activity'];
    const rows = french
      ? [
          ['Samedi', 'Marché'],
          ['Mercredi', 'Atelier lecture'],
        ]
      : [
          ['Saturday', 'Market'],
          ['Wednesday', 'Reading workshop'],
        ];
    found.push({
      id: 'viz-table-1',
      type: 'table',
      title: french ? 'Cette semaine' : 'This week',
      data: { columns, rows },
    });
  }
  return found;
}

function suggestedActionsOf(topic: AnswerTopic, french: boolean): SuggestedAction[] {
  const t = (en: string, fr: string) => inLanguage(french, en, fr);
  if (topic === 'general') {
    // Questions the assistant answers in full, for a user who does not know what to ask.
    return [
      replyAction(
        'action-reply-1',
        t('Town hall hours', 'Horaires de la mairie'),
        t('When is the town hall open?', 'Quand la mairie est-elle ouverte ?'),
      ),
      replyAction(
        'action-reply-2',
        t('Renew a passport', 'Renouveler un passeport'),
        t('How do I renew my passport?', 'Comment renouveler mon passeport ?'),
      ),
    ];
  }
  const url =
    topic === 'procedure' ? 'https://www.service-public.fr/' : 'https://example.org/agenda';
  return [
    replyAction(
      'action-reply-1',
      t('Which documents?', 'Quels documents ?'),
      t('Which documents do I need to bring?', 'Quels documents dois-je apporter ?'),
    ),
    {
      id: 'action-open-1',
      type: 'open_url',
      label: french ? 'En savoir plus' : 'Learn more',
      value: url,
    },
  ];
}

/**
 * The deterministic answer to a question: a subject's full answer when it is `about` one, else
 * its topic's general one; shaped by `location` and locale.
 */
export function composeAnswer(
  question: { message: string; location: Location | undefined; locale: string },
  about: QuestionSubject = questionSubjectOf(question.message),
): AnswerContent {
  const french = isFrench(question.locale);
  const place = placeNameOf(question.location, french);
  const { subject, topic } = about;
  if (subject) {
    const answer = subject.answer(place, french);
    return {
      topic: subject.topic,
      subject: subject.id,
      text: answer.text,
      labels: [understandingLabel(french), answer.label],
      cards: answer.cards,
      visualizations: [...mapOf(question.location, french), ...answer.visualizations],
      suggestedActions: answer.suggestedActions,
    };
  }
  return {
    topic,
    subject: undefined,
    text: ANSWER_TEXTS[topic][french ? 'fr' : 'en'](place),
    labels: labelsOf(topic, place, french),
    cards: cardsOf(topic, place, french),
    visualizations: visualizationsOf(topic, question.location, french),
    suggestedActions: suggestedActionsOf(topic, french),
  };
}
