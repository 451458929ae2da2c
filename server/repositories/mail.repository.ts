/** The mail outbox and the single-use tokens its links carry. All mail SQL lives here. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import {
  claimMemberConversion,
  memberAttribution,
  recordConversion,
} from './conversions.repository';

/** A mail to queue; `kind` names what it is for (e.g. `activation`). */
export interface OutboxMail {
  memberId: number | null;
  to: string;
  kind: string;
  subject: string;
  text: string;
  html: string | null;
}

/**
 * Queues a mail (status `queued`) on `db`, the repository's connection or the transaction of a
 * write the mail belongs to (a warning, a complaint, a finished export); returns its id.
 */
export async function insertOutboxMail(
  db: Kysely<Database>,
  mail: OutboxMail,
  now: number,
): Promise<number> {
  const { id } = await db
    .insertInto('mail_outbox')
    .values({
      member_id: mail.memberId,
      to_email: mail.to,
      kind: mail.kind,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Counts a member's activation (their e-mail link proved the mailbox) inside the transaction that
 * made them active: the activation link or a password reset link, each after its conditional
 * update from `not_confirmed`. Counted once per member whatever links they use.
 */
export async function recordActivation(
  trx: Kysely<Database>,
  memberId: number,
  now: number,
): Promise<void> {
  if (!(await claimMemberConversion(trx, memberId, 'activated'))) return;
  const who = await memberAttribution(trx, memberId);
  if (!who) return;
  await recordConversion(trx, who, [{ event: 'activated', postback: 'activation' }], now);
}

/** A queued mail as the sender reads it back. */
export interface QueuedMail extends OutboxMail {
  id: number;
}

/** Outcome of an activation link. */
export type ActivationResult = 'activated' | 'invalid';

/** Token kind of activation links in the `tokens` table (also the kind of their mail). */
export const ACTIVATION_TOKEN = 'activation';
/** Token kind of password reset links. */
export const PASSWORD_RESET_TOKEN = 'password_reset';
/** Token kind of mail change confirmations; `data` holds the new address. */
export const MAIL_CHANGE_TOKEN = 'mail_change';

/** A single-use token to store; only its SHA-256 is kept. */
export interface NewToken {
  tokenHash: string;
  memberId: number;
  kind: string;
  /** What the token is for beyond its kind (the new address of a mail change). */
  data: string | null;
  now: number;
  expiresAt: number;
}

/** Reads and writes `mail_outbox`, creates `tokens` rows and uses activation tokens. */
export class MailRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Mails still waiting to be sent (an index of their own: sent mails stay in the table). */
  async queuedCount(): Promise<number> {
    const row = await this.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      // A literal, as in the partial index mail_outbox_queued: a bound value would not match it.
      .where(sql<boolean>`status = 'queued'`)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Queues a mail (status `queued`); returns its id. */
  queue(mail: OutboxMail, now: number): Promise<number> {
    return insertOutboxMail(this.db, mail, now);
  }

  /** The SMTP server accepted the mail. */
  async markSent(id: number, now: number): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set({ status: 'sent', sent_at: now, error: null })
      .where('id', '=', id)
      .execute();
  }

  /** The SMTP server refused the mail or could not be reached; the row keeps why. */
  async markFailed(id: number, error: string): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set({ status: 'failed', error: error.slice(0, 2000) })
      .where('id', '=', id)
      .execute();
  }

  /** Whether an SMTP server accepted a mail of this kind for the member (activation polling). */
  async wasSent(memberId: number, kind: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('member_id', '=', memberId)
      .where('kind', '=', kind)
      .where('status', '=', 'sent')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Stores the hash of a new single-use token (activation, password reset, mail change). */
  async createToken(t: NewToken): Promise<void> {
    await this.db
      .insertInto('tokens')
      .values({
        token_hash: t.tokenHash,
        member_id: t.memberId,
        kind: t.kind,
        data: t.data,
        created_at: t.now,
        expires_at: t.expiresAt,
        used_at: null,
      })
      .execute();
  }

  /**
   * Uses an activation token once and activates its not yet confirmed member. The conditional
   * update is the claim: of two concurrent clicks only one finds `used_at` still null.
   */
  async activate(tokenHash: string, now: number): Promise<ActivationResult> {
    return this.db.transaction().execute(async (trx) => {
      const token = await trx
        .updateTable('tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('kind', '=', ACTIVATION_TOKEN)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('member_id')
        .executeTakeFirst();
      if (!token) return 'invalid';
      const member = await trx
        .selectFrom('members')
        .select(['status', 'deleted_at'])
        .where('id', '=', token.member_id)
        .executeTakeFirst();
      if (!member || member.deleted_at !== null) return 'invalid';
      if (member.status === 'not_confirmed') {
        const activated = await trx
          .updateTable('members')
          .set({ status: 'active' })
          .where('id', '=', token.member_id)
          .where('status', '=', 'not_confirmed')
          .executeTakeFirst();
        // A password reset link may have activated the member since the read above.
        if (Number(activated.numUpdatedRows) > 0) {
          await recordActivation(trx, token.member_id, now);
        }
        return 'activated';
      }
      // Already active: the link still lands on "done"; banned or deleted members stay as they are.
      return member.status === 'active' ? 'activated' : 'invalid';
    });
  }
}
