/**
 * Stats rows that name no member. Migration 012 kept an `event_key` such as `signup:12` on each
 * conversion's stats row and postback, so that a cause reported twice counted once; a member id
 * in the figures is what they must never hold. A sign-up is counted with the member row's insert
 * and a payment with its transaction's conditional status move, which happen once by themselves;
 * the member's once-only conversions (activation, completed sign-up, first message) are marked on
 * the member row instead:
 * - `members.counted_conversions`: a bit per such conversion, set by a conditional update in the
 *   transaction that counts it (so of two causes at once, one counts). Set here for what members
 *   did before: activated (any status but `not_confirmed`), the last sign-up step saved, a message
 *   sent. The bits are in server/repositories/conversions.repository.ts.
 * - `stats_events.event_key`: emptied. The column stays for the previous release, which still
 *   writes it during a rolling restart (server/README.md, "THE RULE"); the hourly retention run
 *   empties whatever it wrote, and a later release drops the column.
 * - `postback_outbox.event_key`: an id of the row itself (`row:<id>` here, a random one for new
 *   rows), still unique and never a member's.
 */
import { sql, type Kysely } from 'kysely';

type Db = Kysely<unknown>;

/** The bits of `counted_conversions` as of this migration (conversions.repository.ts). */
const ACTIVATED = 1;
const SIGNUP_COMPLETED = 2;
const FIRST_MESSAGE = 4;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('members')
    .addColumn('counted_conversions', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update members set counted_conversions =
      (case when status <> 'not_confirmed' then ${sql.lit(ACTIVATED)} else 0 end)
    + (case when last_signup_step then ${sql.lit(SIGNUP_COMPLETED)} else 0 end)
    + (case when exists (select 1 from messages where messages.sender_id = members.id)
        then ${sql.lit(FIRST_MESSAGE)} else 0 end)`.execute(db);
  await sql`update stats_events set event_key = null where event_key is not null`.execute(db);
  await sql`update postback_outbox set event_key = 'row:' || cast(id as varchar(20))`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('members').dropColumn('counted_conversions').execute();
}
