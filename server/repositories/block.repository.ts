/** Blocks (DESIGN §4): who a member shut out. Lists of other members filter through notBlockedWith. */
import type { Kysely } from 'kysely';
import type { Profile } from '../../src/shared/contract/fields';
import type { Database } from '../db/schema';
import { mainImage, PROFILE_COLUMNS, toProfileCard, type ProfileRow } from './member-sql';

/** Reads and writes blocks. */
export class BlockRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** True when a member row has this id, whatever its state (a block of a gone member is harmless). */
  async memberExists(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('members')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Blocks `blockedId` for `memberId`; true when the block is new (a repeat changes nothing). */
  async block(memberId: number, blockedId: number, now: number): Promise<boolean> {
    const row = await this.db
      .insertInto('blocks')
      .values({ member_id: memberId, blocked_id: blockedId, created_at: now })
      .onConflict((oc) => oc.columns(['member_id', 'blocked_id']).doNothing())
      .returning('blocked_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Lifts the block; true when there was one. */
  async unblock(memberId: number, blockedId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('blocks')
      .where('member_id', '=', memberId)
      .where('blocked_id', '=', blockedId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Profile cards of the members `memberId` blocked and who still exist, newest block first. */
  async listFor(memberId: number, today: string): Promise<Profile[]> {
    const rows = await this.db
      .selectFrom('blocks as b')
      .innerJoin('members as m', 'm.id', 'b.blocked_id')
      .leftJoin('images as i', mainImage)
      .select(PROFILE_COLUMNS)
      .where('b.member_id', '=', memberId)
      .where('m.deleted_at', 'is', null)
      .orderBy('b.created_at', 'desc')
      .orderBy('b.blocked_id', 'desc')
      .execute();
    return rows.map((row) => toProfileCard(row as ProfileRow, today));
  }
}
