/**
 * E-mail notifications (/notifications, switches email_messages and email_likes): a member who
 * is not connected live gets ONE mail about new messages per conversation until they have read it,
 * and at most one likes mail per hour, in their language, through the mail outbox.
 *
 * "Connected live" means an open event stream on any server instance (Realtime.isLive: the local
 * hub, or Redis PUBSUB NUMSUB across instances). The sync worker of an open, logged-in app always
 * holds one, so a member with the site open gets no mail; they see the message there.
 */
import type { FastifyInstance } from 'fastify';
import { Language } from '../../src/shared/contract/fields';
import type { MailableMember } from '../repositories/notification-mail.repository';

/** At most one likes mail per member in this period. */
export const LIKES_MAIL_EVERY_MS = 60 * 60 * 1000;
/** Outbox kind of the unread-messages mail. */
export const MESSAGES_MAIL_KIND = 'notify_messages';
/** Outbox kind of the likes mail. */
export const LIKES_MAIL_KIND = 'notify_likes';

/** One notification mail in one language; {name} {other} {site} {link} {settings} are filled in. */
interface NoticeText {
  subject: string;
  body: string;
}
type NoticeTexts = Record<Language, NoticeText>;

/** A new message; {other} is the sender. */
export const MESSAGE_MAIL_TEXTS: NoticeTexts = {
  en: {
    subject: '{other} sent you a message on {site}',
    body: 'Hi {name},\n\n{other} sent you a new message on {site}. Read it and reply here:\n\n{link}\n\nWe send one e-mail per conversation until you have read it. You can turn these e-mails off here: {settings}\n',
  },
  nl: {
    subject: '{other} heeft je een bericht gestuurd op {site}',
    body: 'Hoi {name},\n\n{other} heeft je een nieuw bericht gestuurd op {site}. Lees en beantwoord het hier:\n\n{link}\n\nWe sturen één e-mail per gesprek totdat je het hebt gelezen. Je kunt deze e-mails hier uitzetten: {settings}\n',
  },
  de: {
    subject: '{other} hat dir eine Nachricht auf {site} geschickt',
    body: 'Hallo {name},\n\n{other} hat dir auf {site} eine neue Nachricht geschickt. Hier kannst du sie lesen und antworten:\n\n{link}\n\nWir schicken pro Unterhaltung eine E-Mail, bis du sie gelesen hast. Du kannst diese E-Mails hier abschalten: {settings}\n',
  },
  it: {
    subject: '{other} ti ha inviato un messaggio su {site}',
    body: 'Ciao {name},\n\n{other} ti ha inviato un nuovo messaggio su {site}. Leggilo e rispondi qui:\n\n{link}\n\nTi inviamo una sola email per conversazione finché non l’hai letta. Puoi disattivare queste email qui: {settings}\n',
  },
  fr: {
    subject: '{other} vous a envoyé un message sur {site}',
    body: 'Bonjour {name},\n\n{other} vous a envoyé un nouveau message sur {site}. Lisez-le et répondez ici :\n\n{link}\n\nNous envoyons un seul e-mail par conversation tant que vous ne l’avez pas lue. Vous pouvez désactiver ces e-mails ici : {settings}\n',
  },
  es: {
    subject: '{other} te ha enviado un mensaje en {site}',
    body: 'Hola {name}:\n\n{other} te ha enviado un mensaje nuevo en {site}. Léelo y responde aquí:\n\n{link}\n\nTe enviamos un solo correo por conversación hasta que la hayas leído. Puedes desactivar estos correos aquí: {settings}\n',
  },
  pl: {
    subject: '{other} wysłał(a) Ci wiadomość w {site}',
    body: 'Cześć {name},\n\n{other} wysłał(a) Ci nową wiadomość w {site}. Przeczytaj ją i odpowiedz tutaj:\n\n{link}\n\nWysyłamy jeden e-mail na rozmowę, dopóki jej nie przeczytasz. Możesz wyłączyć te e-maile tutaj: {settings}\n',
  },
};

/** A new like; {other} is the member who liked. */
export const LIKES_MAIL_TEXTS: NoticeTexts = {
  en: {
    subject: '{other} likes you on {site}',
    body: 'Hi {name},\n\n{other} liked your profile on {site}. See who likes you:\n\n{link}\n\nYou get at most one of these e-mails per hour. You can turn them off here: {settings}\n',
  },
  nl: {
    subject: '{other} vindt je leuk op {site}',
    body: 'Hoi {name},\n\n{other} vindt je profiel leuk op {site}. Bekijk wie jou leuk vindt:\n\n{link}\n\nJe krijgt hooguit één van deze e-mails per uur. Je kunt ze hier uitzetten: {settings}\n',
  },
  de: {
    subject: '{other} mag dich auf {site}',
    body: 'Hallo {name},\n\n{other} gefällt dein Profil auf {site}. Sieh dir an, wer dich mag:\n\n{link}\n\nDu bekommst höchstens eine dieser E-Mails pro Stunde. Du kannst sie hier abschalten: {settings}\n',
  },
  it: {
    subject: 'Piaci a {other} su {site}',
    body: 'Ciao {name},\n\na {other} piace il tuo profilo su {site}. Scopri a chi piaci:\n\n{link}\n\nRicevi al massimo una di queste email all’ora. Puoi disattivarle qui: {settings}\n',
  },
  fr: {
    subject: 'Vous plaisez à {other} sur {site}',
    body: 'Bonjour {name},\n\nVotre profil plaît à {other} sur {site}. Découvrez à qui vous plaisez :\n\n{link}\n\nVous recevez au plus un de ces e-mails par heure. Vous pouvez les désactiver ici : {settings}\n',
  },
  es: {
    subject: 'Le gustas a {other} en {site}',
    body: 'Hola {name}:\n\nA {other} le gusta tu perfil en {site}. Mira a quién le gustas:\n\n{link}\n\nRecibes como máximo uno de estos correos por hora. Puedes desactivarlos aquí: {settings}\n',
  },
  pl: {
    subject: '{other} polubił(a) Cię w {site}',
    body: 'Cześć {name},\n\n{other} polubił(a) Twój profil w {site}. Zobacz, kto Cię lubi:\n\n{link}\n\nDostajesz najwyżej jeden taki e-mail na godzinę. Możesz je wyłączyć tutaj: {settings}\n',
  },
};

/** Replaces {key} placeholders; line breaks in values go (a name must not shape the mail). */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    (values[key] ?? whole).replace(/[\r\n]+/g, ' '),
  );
}

/** What one notification mail says and where it leads. */
interface Notice {
  kind: string;
  texts: NoticeTexts;
  /** The other member (sender or liker). */
  otherId: number;
  /** Same-origin path the link opens. */
  path: string;
}

/** Writes the mail in the recipient's language and queues it; resolves once it is in the outbox. */
async function queueNotice(
  app: FastifyInstance,
  to: MailableMember,
  origin: string,
  notice: Notice,
): Promise<void> {
  const other = await app.repos.push.member(notice.otherId);
  const language = Language.safeParse(to.language);
  const text = notice.texts[language.success ? language.data : 'en'];
  const link = `${origin}${notice.path}`;
  const values = {
    name: to.name,
    other: other?.name ?? app.site.config.name,
    site: app.site.config.name,
    link,
    settings: `${origin}/notifications`,
  };
  await app.mail.send(
    {
      memberId: to.id,
      to: to.email,
      kind: notice.kind,
      subject: fill(text.subject, values),
      text: fill(text.body, values),
      html: null,
    },
    link,
  );
}

/** The recipient when their switch is on and they are not live; null when no mail is due. */
async function offlineRecipient(
  app: FastifyInstance,
  memberId: number,
  switchOn: (settings: { email_messages: boolean; email_likes: boolean }) => boolean,
): Promise<MailableMember | null> {
  if (await app.realtime.isLive(memberId)) return null;
  if (!switchOn(await app.repos.push.notificationSettings(memberId))) return null;
  return app.repos.notificationMails.recipient(memberId);
}

/**
 * A message reached `receiverId` in `conversation`: queue the unread-messages mail when it is due.
 * Resolves whether a mail was queued; never throws (a mail is never worth failing the send).
 */
export async function mailNewMessage(
  app: FastifyInstance,
  origin: string,
  receiverId: number,
  message: { conversation: number; sender: number },
): Promise<boolean> {
  try {
    const to = await offlineRecipient(app, receiverId, (s) => s.email_messages);
    if (!to) return false;
    if (!(await app.repos.chat.claimMail(message.conversation, receiverId, Date.now()))) {
      return false;
    }
    await queueNotice(app, to, origin, {
      kind: MESSAGES_MAIL_KIND,
      texts: MESSAGE_MAIL_TEXTS,
      otherId: message.sender,
      path: `/chats/${message.conversation}`,
    });
    return true;
  } catch (err) {
    app.log.warn({ err, memberId: receiverId }, 'notification mail: message mail not queued');
    return false;
  }
}

/**
 * `likerId` liked `likedId`: queue the likes mail when it is due (at most one per hour).
 * Resolves whether a mail was queued; never throws.
 */
export async function mailNewLike(
  app: FastifyInstance,
  origin: string,
  likedId: number,
  likerId: number,
): Promise<boolean> {
  try {
    const to = await offlineRecipient(app, likedId, (s) => s.email_likes);
    if (!to) return false;
    const claimed = await app.repos.notificationMails.claimLikesMail(
      likedId,
      Date.now(),
      LIKES_MAIL_EVERY_MS,
    );
    if (!claimed) return false;
    await queueNotice(app, to, origin, {
      kind: LIKES_MAIL_KIND,
      texts: LIKES_MAIL_TEXTS,
      otherId: likerId,
      path: '/likes',
    });
    return true;
  } catch (err) {
    app.log.warn({ err, memberId: likedId }, 'notification mail: likes mail not queued');
    return false;
  }
}
