/**
 * The complaint form's confirmation mail in every site language, with the category names it
 * repeats. Placeholders ({name}, {site}, {reference}, {category}, {message}) are filled by
 * services/complaint-form.ts.
 */
import type { Language } from '../../src/shared/contract/fields';
import type { ComplaintCategory } from '../../src/shared/contract/moderation';
import type { MailTexts } from './mail-texts';

/** Outbox kind of complaint confirmations. */
export const COMPLAINT_MAIL = 'complaint';

/** Category names per language, as the form shows them. */
export const CATEGORY_NAMES: Record<Language, Record<ComplaintCategory, string>> = {
  en: {
    photo_consent: 'Photo used without consent',
    payment: 'Payment question',
    abuse: 'Abuse or harassment',
    fake_profile: 'Fake profile',
    underage: 'Underage member',
    other: 'Something else',
  },
  nl: {
    photo_consent: 'Foto gebruikt zonder toestemming',
    payment: 'Vraag over een betaling',
    abuse: 'Misbruik of intimidatie',
    fake_profile: 'Nepprofiel',
    underage: 'Minderjarig lid',
    other: 'Iets anders',
  },
  de: {
    photo_consent: 'Foto ohne Einwilligung verwendet',
    payment: 'Frage zu einer Zahlung',
    abuse: 'Missbrauch oder Belästigung',
    fake_profile: 'Gefälschtes Profil',
    underage: 'Minderjähriges Mitglied',
    other: 'Etwas anderes',
  },
  it: {
    photo_consent: 'Foto usata senza consenso',
    payment: 'Domanda su un pagamento',
    abuse: 'Abuso o molestie',
    fake_profile: 'Profilo falso',
    underage: 'Membro minorenne',
    other: 'Altro',
  },
  fr: {
    photo_consent: 'Photo utilisée sans consentement',
    payment: 'Question sur un paiement',
    abuse: 'Abus ou harcèlement',
    fake_profile: 'Faux profil',
    underage: 'Membre mineur',
    other: 'Autre chose',
  },
  es: {
    photo_consent: 'Foto usada sin consentimiento',
    payment: 'Pregunta sobre un pago',
    abuse: 'Abuso o acoso',
    fake_profile: 'Perfil falso',
    underage: 'Miembro menor de edad',
    other: 'Otra cosa',
  },
  pl: {
    photo_consent: 'Zdjęcie użyte bez zgody',
    payment: 'Pytanie o płatność',
    abuse: 'Nadużycie lub nękanie',
    fake_profile: 'Fałszywy profil',
    underage: 'Niepełnoletni użytkownik',
    other: 'Coś innego',
  },
};

/** The confirmation: the reference to quote, what was received, and that a person will read it. */
export const COMPLAINT_TEXTS: MailTexts = {
  en: {
    subject: '{site}: we received your complaint {reference}',
    body:
      'Hello,\n\nThank you for contacting {site}. We received your complaint and a member of our ' +
      'team will read it.\n\nReference: {reference}\nCategory: {category}\n\nYour message:\n' +
      '{message}\n\nPlease quote {reference} if you write to us about it.\n\nThe {site} team',
  },
  nl: {
    subject: '{site}: we hebben je klacht {reference} ontvangen',
    body:
      'Hallo,\n\nBedankt voor je bericht aan {site}. We hebben je klacht ontvangen en iemand van ' +
      'ons team leest hem.\n\nReferentie: {reference}\nCategorie: {category}\n\nJe bericht:\n' +
      '{message}\n\nVermeld {reference} als je ons hierover schrijft.\n\nHet team van {site}',
  },
  de: {
    subject: '{site}: Wir haben deine Beschwerde {reference} erhalten',
    body:
      'Hallo,\n\ndanke, dass du dich an {site} gewandt hast. Wir haben deine Beschwerde erhalten ' +
      'und jemand aus unserem Team wird sie lesen.\n\nReferenz: {reference}\nKategorie: ' +
      '{category}\n\nDeine Nachricht:\n{message}\n\nBitte gib {reference} an, wenn du uns dazu ' +
      'schreibst.\n\nDein {site}-Team',
  },
  it: {
    subject: '{site}: abbiamo ricevuto il tuo reclamo {reference}',
    body:
      'Ciao,\n\ngrazie per aver contattato {site}. Abbiamo ricevuto il tuo reclamo e una persona ' +
      'del nostro team lo leggerà.\n\nRiferimento: {reference}\nCategoria: {category}\n\nIl tuo ' +
      'messaggio:\n{message}\n\nIndica {reference} se ci scrivi in merito.\n\nIl team di {site}',
  },
  fr: {
    subject: '{site} : nous avons reçu votre réclamation {reference}',
    body:
      'Bonjour,\n\nMerci d’avoir contacté {site}. Nous avons reçu votre réclamation et un membre ' +
      'de notre équipe va la lire.\n\nRéférence : {reference}\nCatégorie : {category}\n\nVotre ' +
      'message :\n{message}\n\nMerci de citer {reference} si vous nous écrivez à ce sujet.\n\n' +
      'L’équipe {site}',
  },
  es: {
    subject: '{site}: hemos recibido tu reclamación {reference}',
    body:
      'Hola:\n\nGracias por escribir a {site}. Hemos recibido tu reclamación y una persona de ' +
      'nuestro equipo la leerá.\n\nReferencia: {reference}\nCategoría: {category}\n\nTu mensaje:\n' +
      '{message}\n\nIndica {reference} si nos escribes sobre ello.\n\nEl equipo de {site}',
  },
  pl: {
    subject: '{site}: otrzymaliśmy Twoją skargę {reference}',
    body:
      'Dzień dobry,\n\ndziękujemy za kontakt z {site}. Otrzymaliśmy Twoją skargę i przeczyta ją ' +
      'osoba z naszego zespołu.\n\nNumer referencyjny: {reference}\nKategoria: {category}\n\n' +
      'Twoja wiadomość:\n{message}\n\nPodaj {reference}, jeśli będziesz do nas pisać w tej ' +
      'sprawie.\n\nZespół {site}',
  },
};
