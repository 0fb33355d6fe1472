import type { Visualization } from '@partner-assistant/contract';
import { type AnswerSubject, inLanguage, replyAction } from '../answer-subject.ts';

const ANTS_URL = 'https://passeport.ants.gouv.fr/';

function steps(french: boolean): Visualization {
  return {
    id: 'viz-timeline-1',
    type: 'timeline',
    title: french ? 'Étapes' : 'Steps',
    data: {
      steps: french
        ? ['Pré-demande en ligne', 'Rendez-vous en mairie', 'Fabrication', 'Retrait']
        : ['Online pre-application', 'Town hall appointment', 'Production', 'Collection'],
    },
  };
}

/** A passport or an ID card: the same procedure, with its own fee. */
function identityPaper(kind: 'passport' | 'id_card'): AnswerSubject['answer'] {
  return (place, french) => {
    const t = (en: string, fr: string) => inLanguage(french, en, fr);
    const passport = kind === 'passport';
    const paper = passport ? t('passport', 'passeport') : t('ID card', "carte d'identité");
    const fee = passport
      ? t(
          'A passport costs an €86 tax stamp, bought online.',
          'Un passeport coûte un timbre fiscal de 86 €, acheté en ligne.',
        )
      : t(
          'Renewing an ID card is free; a lost or stolen one costs a €25 tax stamp.',
          "Renouveler une carte d'identité est gratuit ; une carte perdue ou volée coûte un timbre fiscal de 25 €.",
        );
    return {
      label: t(`Looking up procedures in ${place}…`, `Recherche des démarches à ${place}…`),
      text: t(
        `Here is how to complete this procedure in ${place}. First, gather your proof of identity and address: your current ${paper}, an ID photo less than six months old and a proof of address less than a year old. Then fill in the pre-application online and book an appointment at the town hall. ${fee} The new ${paper} is usually ready in two to four weeks; a text message tells you when to collect it.`,
        `Voici comment faire cette démarche à ${place}. D'abord, réunissez vos justificatifs : votre ${paper} actuel${passport ? '' : 'le'}, une photo d'identité de moins de six mois et un justificatif de domicile de moins d'un an. Ensuite, remplissez la pré-demande en ligne et prenez rendez-vous à la mairie. ${fee} Le nouveau titre est en général prêt en deux à quatre semaines ; un SMS vous prévient quand le retirer.`,
      ),
      cards: [
        {
          id: 'card-procedure-1',
          type: 'procedure',
          title: t('Online pre-application', 'Pré-demande en ligne'),
          description: t('On the ANTS website', 'Sur le site de l’ANTS'),
          url: ANTS_URL,
        },
        {
          id: 'card-place-1',
          type: 'place',
          title: t(`Town hall of ${place}`, `Mairie de ${place}`),
          description: t('By appointment', 'Sur rendez-vous'),
        },
      ],
      visualizations: [steps(french)],
      suggestedActions: [
        replyAction(
          'action-reply-1',
          t('Which documents?', 'Quels documents ?'),
          t('Which documents do I need to bring?', 'Quels documents dois-je apporter ?'),
        ),
        {
          id: 'action-open-1',
          type: 'open_url',
          label: t('Start online', 'Commencer en ligne'),
          value: ANTS_URL,
        },
      ],
    };
  };
}

/** "How do I renew my passport?", "Comment renouveler mon passeport ?" */
export const PASSPORT: AnswerSubject = {
  id: 'passport',
  topic: 'procedure',
  matches: /passports?|passeports?/iu,
  answer: identityPaper('passport'),
};

/** "How do I renew my ID card?", "Comment renouveler ma carte d'identité ?" */
export const ID_CARD: AnswerSubject = {
  id: 'id_card',
  topic: 'procedure',
  matches: /\bid cards?\b|identity cards?|carte (nationale )?d['’]identit[ée]|\bcni\b/iu,
  answer: identityPaper('id_card'),
};
