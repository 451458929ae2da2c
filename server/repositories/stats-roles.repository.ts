/** Who may open the stats console: `members.stats_access`, set only by `npm run admin`. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { RoleHolder } from './moderation-roles.repository';

/** An account as the stats commands list it. */
export type StatsHolder = Omit<RoleHolder, 'role'> & { stats: boolean };

/** Reads and sets members.stats_access. */
export class StatsRolesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The account with this address that has not been deleted. */
  async findByEmail(email: string): Promise<StatsHolder | undefined> {
    const row = await this.db
      .selectFrom('members')
      .select(['id', 'email', 'name', 'status', 'stats_access'])
      .where('email', '=', email)
      .where('deleted_at', 'is', null)
      .where('status', '!=', 'deleted')
      .executeTakeFirst();
    return row && toHolder(row);
  }

  /** Grants or takes away the stats role of one account. */
  async setAccess(id: number, access: boolean): Promise<void> {
    await this.db
      .updateTable('members')
      .set({ stats_access: access })
      .where('id', '=', id)
      .execute();
  }

  /** Every holder of the stats role, by id. */
  async holders(): Promise<StatsHolder[]> {
    const rows = await this.db
      .selectFrom('members')
      .select(['id', 'email', 'name', 'status', 'stats_access'])
      .where('stats_access', '=', true)
      .orderBy('id')
      .execute();
    return rows.map(toHolder);
  }

  /** Whether the member holds the stats role and may still log in. */
  async isHolder(memberId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('members')
      .select('id')
      .where('id', '=', memberId)
      .where('stats_access', '=', true)
      .where('status', 'in', ['active', 'not_confirmed'])
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }
}

function toHolder(row: Omit<StatsHolder, 'stats'> & { stats_access: unknown }): StatsHolder {
  const { stats_access, ...rest } = row;
  return { ...rest, stats: Boolean(stats_access) };
}
