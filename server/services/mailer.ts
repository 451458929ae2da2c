/**
 * The account mails: activation (SPEC §4, step 6), password reset and mail change. Each carries a
 * single-use link that expires, written in the member's language. Only the token's SHA-256 is
 * stored; the token itself lives in the mail.
 */
import type { FastifyInstance } from 'fastify';
import type { Language } from '../../src/shared/contract/fields';
import { randomToken, sha256Hex } from '../lib/tokens';
import {
  ACTIVATION_TOKEN,
  MAIL_CHANGE_TOKEN,
  PASSWORD_RESET_TOKEN,
} from '../repositories/mail.repository';
import {
  ACTIVATION_TEXTS,
  MAIL_CHANGE_TEXTS,
  PASSWORD_RESET_TEXTS,
  type MailTexts,
} from './mail-texts';

/** How long an activation link works: long enough for a weekend away from the inbox. */
export const ACTIVATION_TTL_MS = 3 * 24 * 60 * 60 * 1000;
/** A reset link is a key to the account: short-lived, as mailboxes are often left open. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/** A mail change may wait for a mailbox the member checks less often. */
export const MAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

/** Who a mail is about and how to address them. */
export interface MailRecipient {
  id: number;
  /** Where the mail goes (for a mail change: the new address). */
  email: string;
  name: string;
  language: Language;
}

/** Replaces {key} placeholders; unknown ones stay visible rather than vanish. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** What one kind of token mail needs besides the recipient. */
interface TokenMail {
  /** Token kind, also the outbox `kind`. */
  kind: string;
  ttlMs: number;
  texts: MailTexts;
  /** The link for a fresh token; `origin` is the site's own (app.siteOrigin()). */
  link: (origin: string, token: string) => string;
  /** Stored with the token (the new address of a mail change). */
  data?: string;
}

/** Creates a token of `spec.kind` for the member and queues its mail; resolves once it is in the outbox. */
async function queueTokenMail(
  app: FastifyInstance,
  member: MailRecipient,
  origin: string,
  spec: TokenMail,
): Promise<void> {
  const token = randomToken();
  const now = Date.now();
  await app.repos.mail.createToken({
    tokenHash: sha256Hex(token),
    memberId: member.id,
    kind: spec.kind,
    data: spec.data ?? null,
    now,
    expiresAt: now + spec.ttlMs,
  });
  const link = spec.link(origin, encodeURIComponent(token));
  const text = spec.texts[member.language];
  const values = { name: member.name, site: app.site.config.name, link };
  await app.mail.send(
    {
      memberId: member.id,
      to: member.email,
      kind: spec.kind,
      subject: fill(text.subject, values),
      text: fill(text.body, values),
      html: null,
    },
    link,
  );
}

/** Queues the activation mail; its link hits the API, which redirects to the result page. */
export function queueActivationMail(
  app: FastifyInstance,
  member: MailRecipient,
  origin: string,
): Promise<void> {
  return queueTokenMail(app, member, origin, {
    kind: ACTIVATION_TOKEN,
    ttlMs: ACTIVATION_TTL_MS,
    texts: ACTIVATION_TEXTS,
    link: (o, token) => `${o}/api/activate.php?token=${token}`,
  });
}

/** Queues a password reset mail; the link opens the client page that asks for the new password. */
export function queuePasswordResetMail(
  app: FastifyInstance,
  member: MailRecipient,
  origin: string,
): Promise<void> {
  return queueTokenMail(app, member, origin, {
    kind: PASSWORD_RESET_TOKEN,
    ttlMs: PASSWORD_RESET_TTL_MS,
    texts: PASSWORD_RESET_TEXTS,
    link: (o, token) => `${o}/reset-password/do?token=${token}`,
  });
}

/** Queues the confirmation of a new address to that address; the token remembers it. */
export function queueMailChangeMail(
  app: FastifyInstance,
  member: MailRecipient,
  origin: string,
): Promise<void> {
  return queueTokenMail(app, member, origin, {
    kind: MAIL_CHANGE_TOKEN,
    ttlMs: MAIL_CHANGE_TTL_MS,
    texts: MAIL_CHANGE_TEXTS,
    link: (o, token) => `${o}/mail-change/do?token=${token}`,
    data: member.email,
  });
}
