/**
 * What notification mails need from the database: who may get one, and the claim that keeps likes
 * mails to one per period across instances (migration 006). The per-conversation claim of message
 * mails lives on the seat: ChatRepository.claimMail.
 */
import type { Kysely } from 'kysely';
import type { Database, Millis } from '../db/schema';

/** Table of migration 006; kept here so the shared schema file stays as it is. */
interface NotificationMailStateTable {
  member_id: number;
  likes_mailed_at: Millis;
}

/** A member a notification mail can go to. */
export interface MailableMember {
  id: number;
  email: string;
  name: string;
  language: string;
}

/** SQL of notification mails. */
export class NotificationMailRepository {
  private readonly stateDb: Kysely<
    Database & { notification_mail_state: NotificationMailStateTable }
  >;

  constructor(private readonly db: Kysely<Database>) {
    this.stateDb = db.withTables<{ notification_mail_state: NotificationMailStateTable }>();
  }

  /**
   * The member when a notification mail may go to them: active (a confirmed address, not banned)
   * and not deleted; null otherwise.
   */
  async recipient(memberId: number): Promise<MailableMember | null> {
    const row = await this.db
      .selectFrom('members')
      .select(['id', 'email', 'name', 'language'])
      .where('id', '=', memberId)
      .where('status', '=', 'active')
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row ?? null;
  }

  /**
   * Claims the member's likes mail: true when none went out in the last `everyMs`, and then it
   * counts as sent now. One upsert, so concurrent likes on any instance claim it once.
   */
  async claimLikesMail(memberId: number, now: number, everyMs: number): Promise<boolean> {
    const row = await this.stateDb
      .insertInto('notification_mail_state')
      .values({ member_id: memberId, likes_mailed_at: now })
      .onConflict((oc) =>
        oc
          .column('member_id')
          .doUpdateSet({ likes_mailed_at: now })
          .where('notification_mail_state.likes_mailed_at', '<=', now - everyMs),
      )
      .returning('member_id')
      .executeTakeFirst();
    return row !== undefined;
  }
}
