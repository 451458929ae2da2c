/** Credits move only through the ledger; members.credits is kept as its running balance. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Attempts before giving up on a balance that keeps changing underneath. */
const MAX_ATTEMPTS = 5;

/** Books credit changes. */
export class CreditsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Sets the balance to zero with one ledger row of minus the old balance (none when it is zero
   * already). Compare-and-set on the balance, so a concurrent booking is never overwritten.
   */
  async resetToZero(memberId: number, reason: string, now: number): Promise<void> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const done = await this.db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('members')
          .select('credits')
          .where('id', '=', memberId)
          .executeTakeFirst();
        if (!row || row.credits === 0) return true;
        const updated = await trx
          .updateTable('members')
          .set({ credits: 0 })
          .where('id', '=', memberId)
          .where('credits', '=', row.credits)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return false;
        await trx
          .insertInto('credit_ledger')
          .values({ member_id: memberId, delta: -row.credits, reason, ref: null, created_at: now })
          .execute();
        return true;
      });
      if (done) return;
    }
    throw new Error(`credits of member ${memberId} kept changing; reset gave up`);
  }
}
