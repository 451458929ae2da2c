/**
 * The texts of the account mails, one short real text per site language. {name}, {site} and
 * {link} are filled in by services/mailer.ts; the validity periods are written out because they
 * are the constants of mailer.ts (3 days, 1 hour, 24 hours).
 */
import type { Language } from '../../src/shared/contract/fields';

/** One mail in one language. */
export interface MailText {
  subject: string;
  body: string;
}

/** A mail in every site language. */
export type MailTexts = Record<Language, MailText>;

/** Sign-up: confirm the address (SPEC §4 step 6). */
export const ACTIVATION_TEXTS: MailTexts = {
  en: {
    subject: 'Activate your {site} account',
    body: 'Hi {name},\n\nWelcome to {site}! Please confirm your email address by opening this link:\n\n{link}\n\nThe link works once and expires in 3 days. If you did not sign up, you can ignore this mail.\n',
  },
  nl: {
    subject: 'Activeer je account bij {site}',
    body: 'Hoi {name},\n\nWelkom bij {site}! Bevestig je e-mailadres door deze link te openen:\n\n{link}\n\nDe link werkt één keer en verloopt na 3 dagen. Heb je je niet aangemeld? Dan kun je deze mail negeren.\n',
  },
  de: {
    subject: 'Aktiviere dein Konto bei {site}',
    body: 'Hallo {name},\n\nwillkommen bei {site}! Bitte bestätige deine E-Mail-Adresse über diesen Link:\n\n{link}\n\nDer Link funktioniert einmal und läuft nach 3 Tagen ab. Wenn du dich nicht angemeldet hast, kannst du diese E-Mail ignorieren.\n',
  },
  it: {
    subject: 'Attiva il tuo account su {site}',
    body: 'Ciao {name},\n\nbenvenuto su {site}! Conferma il tuo indirizzo email aprendo questo link:\n\n{link}\n\nIl link funziona una sola volta e scade tra 3 giorni. Se non ti sei iscritto, puoi ignorare questa email.\n',
  },
  fr: {
    subject: 'Activez votre compte {site}',
    body: 'Bonjour {name},\n\nBienvenue sur {site} ! Confirmez votre adresse e-mail en ouvrant ce lien :\n\n{link}\n\nLe lien ne fonctionne qu’une fois et expire dans 3 jours. Si vous ne vous êtes pas inscrit, ignorez ce message.\n',
  },
  es: {
    subject: 'Activa tu cuenta de {site}',
    body: 'Hola {name}:\n\n¡Bienvenido a {site}! Confirma tu dirección de correo abriendo este enlace:\n\n{link}\n\nEl enlace funciona una sola vez y caduca en 3 días. Si no te has registrado, puedes ignorar este correo.\n',
  },
  pl: {
    subject: 'Aktywuj swoje konto w {site}',
    body: 'Cześć {name},\n\nwitamy w {site}! Potwierdź swój adres e-mail, otwierając ten link:\n\n{link}\n\nLink działa jeden raz i wygasa po 3 dniach. Jeśli nie zakładałeś konta, zignoruj tę wiadomość.\n',
  },
};

/** Forgotten password: a link to choose a new one. */
export const PASSWORD_RESET_TEXTS: MailTexts = {
  en: {
    subject: 'Reset your {site} password',
    body: 'Hi {name},\n\nSomeone asked to reset the password of your {site} account. Choose a new password here:\n\n{link}\n\nThe link works once and expires in 1 hour. If you did not ask for this, ignore this mail: your password stays the same.\n',
  },
  nl: {
    subject: 'Stel een nieuw wachtwoord in voor {site}',
    body: 'Hoi {name},\n\nEr is gevraagd om het wachtwoord van je account bij {site} opnieuw in te stellen. Kies hier een nieuw wachtwoord:\n\n{link}\n\nDe link werkt één keer en verloopt na 1 uur. Heb je dit niet zelf gevraagd? Negeer dan deze mail: je wachtwoord blijft hetzelfde.\n',
  },
  de: {
    subject: 'Setze dein Passwort bei {site} zurück',
    body: 'Hallo {name},\n\njemand möchte das Passwort deines Kontos bei {site} zurücksetzen. Hier kannst du ein neues Passwort wählen:\n\n{link}\n\nDer Link funktioniert einmal und läuft nach 1 Stunde ab. Wenn du das nicht warst, ignoriere diese E-Mail: Dein Passwort bleibt unverändert.\n',
  },
  it: {
    subject: 'Reimposta la password di {site}',
    body: 'Ciao {name},\n\nè stato chiesto di reimpostare la password del tuo account su {site}. Scegli una nuova password qui:\n\n{link}\n\nIl link funziona una sola volta e scade tra 1 ora. Se non sei stato tu, ignora questa email: la tua password resta invariata.\n',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe {site}',
    body: 'Bonjour {name},\n\nQuelqu’un a demandé la réinitialisation du mot de passe de votre compte {site}. Choisissez un nouveau mot de passe ici :\n\n{link}\n\nLe lien ne fonctionne qu’une fois et expire dans 1 heure. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.\n',
  },
  es: {
    subject: 'Restablece tu contraseña de {site}',
    body: 'Hola {name}:\n\nAlguien ha pedido restablecer la contraseña de tu cuenta de {site}. Elige una contraseña nueva aquí:\n\n{link}\n\nEl enlace funciona una sola vez y caduca en 1 hora. Si no lo has pedido tú, ignora este correo: tu contraseña no cambia.\n',
  },
  pl: {
    subject: 'Zresetuj hasło w {site}',
    body: 'Cześć {name},\n\nktoś poprosił o zresetowanie hasła do Twojego konta w {site}. Ustaw nowe hasło tutaj:\n\n{link}\n\nLink działa jeden raz i wygasa po 1 godzinie. Jeśli to nie Ty, zignoruj tę wiadomość: Twoje hasło się nie zmieni.\n',
  },
};

/** Change of address: sent to the new address, which confirms itself by opening the link. */
export const MAIL_CHANGE_TEXTS: MailTexts = {
  en: {
    subject: 'Confirm your new email address for {site}',
    body: 'Hi {name},\n\nYou asked to use this address for your {site} account from now on. Confirm it by opening this link:\n\n{link}\n\nThe link works once and expires in 24 hours. Until then your old address stays in use. If you did not ask for this, ignore this mail.\n',
  },
  nl: {
    subject: 'Bevestig je nieuwe e-mailadres voor {site}',
    body: 'Hoi {name},\n\nJe wilt dit adres voortaan gebruiken voor je account bij {site}. Bevestig het door deze link te openen:\n\n{link}\n\nDe link werkt één keer en verloopt na 24 uur. Tot dan blijft je oude adres in gebruik. Heb je dit niet zelf gevraagd? Negeer dan deze mail.\n',
  },
  de: {
    subject: 'Bestätige deine neue E-Mail-Adresse bei {site}',
    body: 'Hallo {name},\n\ndu möchtest diese Adresse ab jetzt für dein Konto bei {site} verwenden. Bestätige sie über diesen Link:\n\n{link}\n\nDer Link funktioniert einmal und läuft nach 24 Stunden ab. Bis dahin bleibt deine alte Adresse aktiv. Wenn du das nicht warst, ignoriere diese E-Mail.\n',
  },
  it: {
    subject: 'Conferma il tuo nuovo indirizzo email su {site}',
    body: 'Ciao {name},\n\nhai chiesto di usare questo indirizzo per il tuo account su {site}. Confermalo aprendo questo link:\n\n{link}\n\nIl link funziona una sola volta e scade tra 24 ore. Fino ad allora resta valido il vecchio indirizzo. Se non sei stato tu, ignora questa email.\n',
  },
  fr: {
    subject: 'Confirmez votre nouvelle adresse e-mail pour {site}',
    body: 'Bonjour {name},\n\nVous avez demandé à utiliser cette adresse pour votre compte {site}. Confirmez-la en ouvrant ce lien :\n\n{link}\n\nLe lien ne fonctionne qu’une fois et expire dans 24 heures. D’ici là, votre ancienne adresse reste utilisée. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.\n',
  },
  es: {
    subject: 'Confirma tu nueva dirección de correo en {site}',
    body: 'Hola {name}:\n\nHas pedido usar esta dirección para tu cuenta de {site} a partir de ahora. Confírmala abriendo este enlace:\n\n{link}\n\nEl enlace funciona una sola vez y caduca en 24 horas. Hasta entonces se sigue usando tu dirección anterior. Si no lo has pedido tú, ignora este correo.\n',
  },
  pl: {
    subject: 'Potwierdź nowy adres e-mail w {site}',
    body: 'Cześć {name},\n\npoprosiłeś o używanie tego adresu dla Twojego konta w {site}. Potwierdź go, otwierając ten link:\n\n{link}\n\nLink działa jeden raz i wygasa po 24 godzinach. Do tego czasu obowiązuje Twój dotychczasowy adres. Jeśli to nie Ty, zignoruj tę wiadomość.\n',
  },
};
