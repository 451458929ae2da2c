/**
 * The activation mail of a sign-up (SPEC §4, step 6): a single-use link that expires, written in
 * the member's language. Only the token's SHA-256 is stored; the token itself lives in the mail.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Language } from '../../src/api/contract';
import { randomToken, sha256Hex } from '../lib/tokens';
import { ACTIVATION_TOKEN } from '../repositories/mail.repository';

/** How long an activation link works: long enough for a weekend away from the inbox. */
export const ACTIVATION_TTL_MS = 3 * 24 * 60 * 60 * 1000;

interface MailText {
  subject: string;
  /** {name}, {site} and {link} are filled in. */
  body: string;
}

/** Short real texts per site language; the site's domain language is the fallback. */
const TEXTS: Record<Language, MailText> = {
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

/** Who the mail goes to. */
export interface ActivationRecipient {
  id: number;
  email: string;
  name: string;
  language: Language;
}

/** Where links in mails point: BASE_URL, else the origin the request came to. */
export function publicOrigin(request: FastifyRequest): string {
  return request.server.config.baseUrl ?? `${request.protocol}://${request.host}`;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/**
 * Creates the member's activation token and queues its mail; `origin` is BASE_URL or, without
 * one, the sign-up request's own origin.
 */
export async function queueActivationMail(
  app: FastifyInstance,
  member: ActivationRecipient,
  origin: string,
): Promise<void> {
  const token = randomToken();
  const now = Date.now();
  await app.repos.mail.createActivationToken(
    sha256Hex(token),
    member.id,
    now,
    now + ACTIVATION_TTL_MS,
  );
  const link = `${origin}/api/activate.php?token=${encodeURIComponent(token)}`;
  const text = TEXTS[member.language];
  const values = { name: member.name, site: app.site.config.name, link };
  await app.mail.send(
    {
      memberId: member.id,
      to: member.email,
      kind: ACTIVATION_TOKEN,
      subject: fill(text.subject, values),
      text: fill(text.body, values),
      html: null,
    },
    link,
  );
}
