/** Reads bans (migration 009): what a banned member is told on every call and at login. */
import type { Kysely } from 'kysely';
import type { BanDetails } from '../../src/shared/contract/fields';
import type { Database } from '../db/schema';

/** Reads the bans table. */
export class BansRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The ban in force on a member who is still banned (status `banned`, not deleted), with its
   * reason and start; undefined when there is none, e.g. after an unban.
   */
  async activeBan(memberId: number): Promise<BanDetails | undefined> {
    const row = await this.db
      .selectFrom('bans')
      .innerJoin('members', 'members.id', 'bans.member_id')
      .select(['bans.reason', 'bans.created_at'])
      .where('bans.member_id', '=', memberId)
      .where('bans.lifted_at', 'is', null)
      .where('members.status', '=', 'banned')
      .where('members.deleted_at', 'is', null)
      .orderBy('bans.id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row
      ? { reason: row.reason, since: new Date(Number(row.created_at)).toISOString() }
      : undefined;
  }
}
