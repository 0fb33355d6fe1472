/** The answer text of each topic, in English and French, for a place name. */
export const ANSWER_TEXTS = {
  procedure: {
    en: (place: string) =>
      `Here is how to complete this procedure in ${place}. First, gather your proof of identity and a recent proof of address. Then book an appointment online with the town hall of ${place}. On the day, bring the originals of your documents. Processing usually takes two to four weeks.`,
    fr: (place: string) =>
      `Voici comment faire cette démarche à ${place}. D'abord, réunissez une pièce d'identité et un justificatif de domicile récent. Ensuite, prenez rendez-vous en ligne avec la mairie de ${place}. Le jour venu, apportez les originaux de vos documents. Le traitement prend en général deux à quatre semaines.`,
  },
  local_life: {
    en: (place: string) =>
      `Here is what is happening in ${place}. The weekly market takes place on Saturday morning in the town centre. The municipal library offers free activities this month. Check the town's agenda for opening hours before you go.`,
    fr: (place: string) =>
      `Voici ce qui se passe à ${place}. Le marché hebdomadaire a lieu le samedi matin dans le centre. La bibliothèque municipale propose des activités gratuites ce mois-ci. Consultez l'agenda de la ville pour les horaires avant de vous déplacer.`,
  },
  general: {
    en: (place: string) =>
      `I can help with administrative procedures and local life in ${place}. Could you tell me a little more about what you need? For example, a document to renew or an activity to find.`,
    fr: (place: string) =>
      `Je peux vous aider pour vos démarches administratives et la vie locale à ${place}. Pouvez-vous préciser votre besoin ? Par exemple, un document à renouveler ou une activité à trouver.`,
  },
} as const;
