/** Who is a moderator: the role is only ever changed by `npm run admin` (server/admin/cli.ts). */
import type { Kysely } from 'kysely';
import type { Database, MemberRole, MemberStatus } from '../db/schema';

/** An account as the admin command lists it. */
export interface RoleHolder {
  id: number;
  email: string;
  name: string;
  status: MemberStatus;
  role: MemberRole;
}

/** Reads and sets members.role. */
export class ModerationRolesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The account with this address that has not been deleted. */
  async findByEmail(email: string): Promise<RoleHolder | undefined> {
    return this.db
      .selectFrom('members')
      .select(['id', 'email', 'name', 'status', 'role'])
      .where('email', '=', email)
      .where('deleted_at', 'is', null)
      .where('status', '!=', 'deleted')
      .executeTakeFirst();
  }

  /** Sets the role of one account. */
  async setRole(id: number, role: MemberRole): Promise<void> {
    await this.db.updateTable('members').set({ role }).where('id', '=', id).execute();
  }

  /** Every moderator, by id. */
  async moderators(): Promise<RoleHolder[]> {
    return this.db
      .selectFrom('members')
      .select(['id', 'email', 'name', 'status', 'role'])
      .where('role', '=', 'moderator')
      .orderBy('id')
      .execute();
  }
}
