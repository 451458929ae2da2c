/**
 * The account flows' SQL: password reset and change, mail change and the single-use tokens they
 * use. Every token claim is a conditional update (`used_at is null`), so of two concurrent uses
 * only one wins.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Language } from '../../src/shared/contract/fields';
import type { Database, MemberStatus } from '../db/schema';
import { emailTombstone } from '../lib/email-tombstone';
import {
  ACTIVATION_TOKEN,
  MAIL_CHANGE_TOKEN,
  PASSWORD_RESET_TOKEN,
  recordActivation,
} from './mail.repository';

/** What the account flows know about a member. */
export interface Account {
  id: number;
  email: string;
  name: string;
  language: Language;
  status: MemberStatus;
  passwordHash: string;
}

/** A stored token that may still be used. */
export interface ValidToken {
  memberId: number;
  data: string | null;
}

/** Outcome of confirming a mail change. */
export type MailChangeOutcome =
  | { result: 'changed'; memberId: number; email: string }
  | { result: 'invalid' }
  | { result: 'taken' };

type Db = Kysely<Database> | Transaction<Database>;

/** A member who may log in: the only kind the account flows serve. */
const LIVE: MemberStatus[] = ['active', 'not_confirmed'];

/** A unique-key violation on either engine (the email column, when two changes race). */
function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Reads and writes what password reset and mail change touch. */
export class AccountRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The live account using `email`; deleted and banned accounts get no mails. */
  async findLiveByEmail(email: string): Promise<Account | undefined> {
    return this.find(this.db, { email });
  }

  /** The live account with this id. */
  async findLiveById(id: number): Promise<Account | undefined> {
    return this.find(this.db, { id });
  }

  /** Whether any account, live, banned or deleted, other than `exceptId` uses `email`. */
  async isEmailTaken(email: string, exceptId: number, db: Db = this.db): Promise<boolean> {
    const row = await db
      .selectFrom('members')
      .select('id')
      .where('email', 'in', [email, emailTombstone(email)])
      .where('id', '!=', exceptId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** An unused, unexpired token of `kind` whose member is still live. */
  async findToken(tokenHash: string, kind: string, now: number): Promise<ValidToken | undefined> {
    const row = await this.db
      .selectFrom('tokens')
      .innerJoin('members', 'members.id', 'tokens.member_id')
      .select(['tokens.member_id', 'tokens.data'])
      .where('tokens.token_hash', '=', tokenHash)
      .where('tokens.kind', '=', kind)
      .where('tokens.used_at', 'is', null)
      .where('tokens.expires_at', '>', now)
      .where('members.deleted_at', 'is', null)
      .where('members.status', 'in', LIVE)
      .executeTakeFirst();
    return row ? { memberId: row.member_id, data: row.data } : undefined;
  }

  /** Marks every unused token of `kind` of the member as used: older links stop working. */
  async revokeTokens(memberId: number, kind: string, now: number, db: Db = this.db): Promise<void> {
    await db
      .updateTable('tokens')
      .set({ used_at: now })
      .where('member_id', '=', memberId)
      .where('kind', '=', kind)
      .where('used_at', 'is', null)
      .execute();
  }

  /**
   * Uses a reset token: sets the new hash, activates a not yet confirmed member (the link proved
   * the mailbox), ends every session and voids the member's other reset links. Returns the member
   * id, or undefined when the token was used, expired or unknown meanwhile.
   */
  async resetPassword(tokenHash: string, passwordHash: string, now: number) {
    return this.db.transaction().execute(async (trx) => {
      const memberId = await this.claim(trx, tokenHash, PASSWORD_RESET_TOKEN, now);
      if (memberId === undefined) return undefined;
      const member = await this.find(trx, { id: memberId });
      if (!member) return undefined;
      await trx
        .updateTable('members')
        .set({ password_hash: passwordHash })
        .where('id', '=', memberId)
        .execute();
      const activated = await trx
        .updateTable('members')
        .set({ status: 'active' })
        .where('id', '=', memberId)
        .where('status', '=', 'not_confirmed')
        .executeTakeFirst();
      if (Number(activated.numUpdatedRows) > 0) await recordActivation(trx, memberId, now);
      await trx.deleteFrom('sessions').where('member_id', '=', memberId).execute();
      await this.revokeTokens(memberId, PASSWORD_RESET_TOKEN, now, trx);
      return memberId;
    });
  }

  /**
   * Sets a new password hash when the stored one is still `oldHash` (of two concurrent changes
   * only the first wins), ends every session of the member except `keepSession` and voids open
   * reset links. False when the password changed meanwhile or the member is gone.
   */
  async changePassword(
    memberId: number,
    oldHash: string,
    newHash: string,
    keepSession: string,
    now: number,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('members')
        .set({ password_hash: newHash })
        .where('id', '=', memberId)
        .where('password_hash', '=', oldHash)
        .where('deleted_at', 'is', null)
        .where('status', 'in', LIVE)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return false;
      await trx
        .deleteFrom('sessions')
        .where('member_id', '=', memberId)
        .where('token_hash', '!=', keepSession)
        .execute();
      await this.revokeTokens(memberId, PASSWORD_RESET_TOKEN, now, trx);
      return true;
    });
  }

  /**
   * Changes the address of a not yet activated member at once: its activation links and mails
   * went to the wrong address, so the links stop working and the outbox rows go (the wizard's
   * "delivered" then waits for the new mail). False when the address is taken.
   */
  async changeUnconfirmedEmail(
    memberId: number,
    email: string,
    mailprovider: number,
    now: number,
  ): Promise<boolean> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        if (await this.isEmailTaken(email, memberId, trx)) return false;
        await trx
          .updateTable('members')
          .set({ email, mailprovider })
          .where('id', '=', memberId)
          .execute();
        await this.revokeTokens(memberId, ACTIVATION_TOKEN, now, trx);
        await trx
          .deleteFrom('mail_outbox')
          .where('member_id', '=', memberId)
          .where('kind', '=', ACTIVATION_TOKEN)
          .execute();
        return true;
      });
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  /**
   * Uses a mail change token: the member's address becomes the one stored with it, unless another
   * account took that address meanwhile (then the token stays usable, and still fails). Reset links
   * mailed to the old address stop working.
   */
  async confirmMailChange(
    tokenHash: string,
    mailprovider: (email: string) => number,
    now: number,
  ): Promise<MailChangeOutcome> {
    try {
      return await this.db.transaction().execute(async (trx): Promise<MailChangeOutcome> => {
        const token = await trx
          .selectFrom('tokens')
          .select(['member_id', 'data'])
          .where('token_hash', '=', tokenHash)
          .where('kind', '=', MAIL_CHANGE_TOKEN)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .executeTakeFirst();
        const email = token?.data;
        if (!token || !email) return { result: 'invalid' };
        const member = await this.find(trx, { id: token.member_id });
        if (!member) return { result: 'invalid' };
        if (await this.isEmailTaken(email, member.id, trx)) return { result: 'taken' };
        if ((await this.claim(trx, tokenHash, MAIL_CHANGE_TOKEN, now)) === undefined) {
          return { result: 'invalid' };
        }
        await trx
          .updateTable('members')
          .set({ email, mailprovider: mailprovider(email) })
          .where('id', '=', member.id)
          .execute();
        await this.revokeTokens(member.id, PASSWORD_RESET_TOKEN, now, trx);
        return { result: 'changed', memberId: member.id, email };
      });
    } catch (err) {
      if (isUniqueViolation(err)) return { result: 'taken' };
      throw err;
    }
  }

  /** Claims an unused, unexpired token; the member id, or undefined when it cannot be used. */
  private async claim(trx: Db, tokenHash: string, kind: string, now: number) {
    const row = await trx
      .updateTable('tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('kind', '=', kind)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('member_id')
      .executeTakeFirst();
    return row?.member_id;
  }

  /** A live member by id or address. */
  private async find(db: Db, by: { id: number } | { email: string }): Promise<Account | undefined> {
    const live = db
      .selectFrom('members')
      .select(['id', 'email', 'name', 'language', 'status', 'password_hash'])
      .where('deleted_at', 'is', null)
      .where('status', 'in', LIVE);
    const row = await (
      'id' in by ? live.where('id', '=', by.id) : live.where('email', '=', by.email)
    ).executeTakeFirst();
    return row
      ? {
          id: row.id,
          email: row.email,
          name: row.name,
          language: row.language as Language,
          status: row.status,
          passwordHash: row.password_hash,
        }
      : undefined;
  }
}
