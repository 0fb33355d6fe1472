import { type AnswerSubject, hoursTable, inLanguage, replyAction } from '../answer-subject.ts';

/** "Which documents do I need to bring?", "Quels documents dois-je apporter ?" */
export const DOCUMENTS: AnswerSubject = {
  id: 'documents',
  topic: 'procedure',
  matches: /\bdocuments?\b|\bpapers\b|pi[eè]ces [aà] fournir|justificatifs?|\bpapiers\b/iu,
  answer: (place, french) => {
    const t = (en: string, fr: string) => inLanguage(french, en, fr);
    return {
      label: t('Looking up the documents to bring…', 'Recherche des pièces à fournir…'),
      text: t(
        `For a passport or an ID card in ${place}, bring: your current passport or ID card, an ID photo less than six months old, a proof of address less than a year old (an energy bill or a rent receipt), and your pre-application number. For a passport, add the €86 tax stamp. Bring originals: copies are not accepted.`,
        `Pour un passeport ou une carte d'identité à ${place}, apportez : votre passeport ou carte d'identité actuel, une photo d'identité de moins de six mois, un justificatif de domicile de moins d'un an (facture d'énergie ou quittance de loyer) et votre numéro de pré-demande. Pour un passeport, ajoutez le timbre fiscal de 86 €. Apportez les originaux : les copies ne sont pas acceptées.`,
      ),
      cards: [
        {
          id: 'card-procedure-1',
          type: 'procedure',
          title: t('Documents to provide', 'Pièces à fournir'),
          description: t('Passport and ID card', "Passeport et carte d'identité"),
          url: 'https://passeport.ants.gouv.fr/',
        },
      ],
      visualizations: [
        hoursTable(
          'viz-table-1',
          t('Checklist', 'Liste des pièces'),
          french ? ['Pièce', 'Précision'] : ['Document', 'Detail'],
          french
            ? [
                ["Titre d'identité actuel", 'Original'],
                ["Photo d'identité", 'Moins de six mois'],
                ['Justificatif de domicile', "Moins d'un an"],
                ['Timbre fiscal (passeport)', '86 €'],
              ]
            : [
                ['Current passport or ID card', 'Original'],
                ['ID photo', 'Less than six months old'],
                ['Proof of address', 'Less than a year old'],
                ['Tax stamp (passport)', '€86'],
              ],
        ),
      ],
      suggestedActions: [
        replyAction(
          'action-reply-1',
          t('Town hall hours', 'Horaires de la mairie'),
          t('When is the town hall open?', 'Quand la mairie est-elle ouverte ?'),
        ),
      ],
    };
  },
};

/** "Where do I vote?", "Où voter ?" */
export const VOTING: AnswerSubject = {
  id: 'voting',
  topic: 'procedure',
  matches: /\bvot(e|es|er|ing)\b|(?<!\p{L})[ée]lections?|polling/iu,
  answer: (place, french) => {
    const t = (en: string, fr: string) => inLanguage(french, en, fr);
    const url =
      'https://www.service-public.fr/particuliers/vosdroits/services-en-ligne-et-formulaires/ISE';
    return {
      label: t('Looking up your polling station…', 'Recherche de votre bureau de vote…'),
      text: t(
        `In ${place}, you vote at the polling station written on your voter card; polling stations are open from 8 am to 6 pm. If you have lost your card, the online service tells you your polling station and whether you are registered. Bring an ID: it is required to vote.`,
        `À ${place}, vous votez au bureau indiqué sur votre carte électorale ; les bureaux sont ouverts de 8 h à 18 h. Si vous avez perdu votre carte, le service en ligne indique votre bureau de vote et si vous êtes inscrit. Apportez une pièce d'identité : elle est obligatoire pour voter.`,
      ),
      cards: [
        {
          id: 'card-link-1',
          type: 'link',
          title: t('Find my polling station', 'Trouver mon bureau de vote'),
          description: t('Check your registration', 'Vérifier son inscription'),
          url,
        },
      ],
      visualizations: [],
      suggestedActions: [
        replyAction(
          'action-reply-1',
          t('Renew my ID card', "Renouveler ma carte d'identité"),
          t('How do I renew my ID card?', "Comment renouveler ma carte d'identité ?"),
        ),
        {
          id: 'action-open-1',
          type: 'open_url',
          label: t('Check online', 'Vérifier en ligne'),
          value: url,
        },
      ],
    };
  },
};
