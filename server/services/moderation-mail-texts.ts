/**
 * The warning a moderator sends a member, in every site language. Placeholders ({name}, {site},
 * {reason}, {terms}, {complaints}) are filled by services/moderation-actions.ts.
 */
import type { MailTexts } from './mail-texts';

/** Outbox kind of moderators' warnings. */
export const WARNING_MAIL = 'moderation_warning';

/** What was wrong, that it is a warning, and where to object. */
export const WARNING_TEXTS: MailTexts = {
  en: {
    subject: '{site}: a warning about your account',
    body:
      'Hi {name},\n\nA member of the {site} team looked at your account and is giving you a ' +
      'warning:\n\n{reason}\n\nPlease keep to our terms ({terms}). If it happens again we may ' +
      'hide your profile or close your account.\n\nIf you think this is a mistake, tell us: ' +
      '{complaints}\n\nThe {site} team',
  },
  nl: {
    subject: '{site}: een waarschuwing over je account',
    body:
      'Hoi {name},\n\nIemand van het team van {site} heeft je account bekeken en geeft je een ' +
      'waarschuwing:\n\n{reason}\n\nHoud je aan onze voorwaarden ({terms}). Gebeurt het ' +
      'opnieuw, dan kunnen we je profiel verbergen of je account sluiten.\n\nDenk je dat dit ' +
      'een vergissing is? Laat het ons weten: {complaints}\n\nHet team van {site}',
  },
  de: {
    subject: '{site}: eine Verwarnung zu deinem Konto',
    body:
      'Hallo {name},\n\njemand aus dem Team von {site} hat sich dein Konto angesehen und spricht ' +
      'dir eine Verwarnung aus:\n\n{reason}\n\nBitte halte dich an unsere Bedingungen ' +
      '({terms}). Passiert es wieder, können wir dein Profil verbergen oder dein Konto ' +
      'schließen.\n\nWenn du das für einen Irrtum hältst, sag es uns: {complaints}\n\n' +
      'Dein {site}-Team',
  },
  it: {
    subject: '{site}: un avvertimento sul tuo account',
    body:
      'Ciao {name},\n\nuna persona del team di {site} ha controllato il tuo account e ti invia ' +
      'un avvertimento:\n\n{reason}\n\nRispetta le nostre condizioni ({terms}). Se dovesse ' +
      'ripetersi potremmo nascondere il tuo profilo o chiudere il tuo account.\n\nSe pensi che ' +
      'si tratti di un errore, scrivici: {complaints}\n\nIl team di {site}',
  },
  fr: {
    subject: '{site} : un avertissement concernant votre compte',
    body:
      'Bonjour {name},\n\nUn membre de l’équipe {site} a examiné votre compte et vous adresse ' +
      'un avertissement :\n\n{reason}\n\nMerci de respecter nos conditions ({terms}). Si cela ' +
      'se reproduit, nous pourrons masquer votre profil ou fermer votre compte.\n\nSi vous ' +
      'pensez qu’il s’agit d’une erreur, dites-le-nous : {complaints}\n\nL’équipe {site}',
  },
  es: {
    subject: '{site}: una advertencia sobre tu cuenta',
    body:
      'Hola, {name}:\n\nUna persona del equipo de {site} ha revisado tu cuenta y te envía una ' +
      'advertencia:\n\n{reason}\n\nRespeta nuestras condiciones ({terms}). Si vuelve a ' +
      'ocurrir, podremos ocultar tu perfil o cerrar tu cuenta.\n\nSi crees que es un error, ' +
      'dínoslo: {complaints}\n\nEl equipo de {site}',
  },
  pl: {
    subject: '{site}: ostrzeżenie dotyczące Twojego konta',
    body:
      'Cześć {name},\n\nosoba z zespołu {site} sprawdziła Twoje konto i udziela Ci ' +
      'ostrzeżenia:\n\n{reason}\n\nPrzestrzegaj naszego regulaminu ({terms}). Jeśli sytuacja ' +
      'się powtórzy, możemy ukryć Twój profil lub zamknąć konto.\n\nJeśli uważasz, że to ' +
      'pomyłka, napisz do nas: {complaints}\n\nZespół {site}',
  },
};
