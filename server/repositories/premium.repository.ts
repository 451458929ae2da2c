/**
 * Premium periods and their monthly credits. A paid plan extends premium from the later of now
 * and the current end by its calendar months; each premium month starts with the plan's
 * monthly credits, each granted once (ledger ref allowance:ID:N).
 */
import type { Kysely } from 'kysely';
import { prepared } from '../db/prepared';
import type { Database } from '../db/schema';
import { addMonthsUtc } from '../payments/calendar';
import { bookGrant } from './credits.repository';

/** Most months one catch-up grants (a member back after years gets no more than this at once). */
const MAX_CATCH_UP = 48;

/**
 * Extends the member's premium by `months`; a member not premium now starts a new month cycle.
 * Inside a db transaction. True when a new premium period began (none was running).
 */
export async function extendPremium(
  trx: Kysely<Database>,
  memberId: number,
  months: number,
  now: number,
): Promise<boolean> {
  const m = await trx
    .selectFrom('members')
    .select(['premium_until', 'premium_allowance_at'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  const running = m.premium_until !== null && m.premium_until > now;
  const start = running ? (m.premium_until as number) : now;
  await trx
    .updateTable('members')
    .set({
      premium_until: addMonthsUtc(start, months),
      premium_allowance_at:
        running && m.premium_allowance_at !== null ? m.premium_allowance_at : addMonthsUtc(now, 1),
    })
    .where('id', '=', memberId)
    .execute();
  return !running;
}

/** Shortens premium by `months` after a refund, never to before now. Inside a db transaction. */
export async function shortenPremium(
  trx: Kysely<Database>,
  memberId: number,
  months: number,
  now: number,
): Promise<void> {
  const m = await trx
    .selectFrom('members')
    .select('premium_until')
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  if (m.premium_until === null) return;
  const until = Math.max(addMonthsUtc(m.premium_until, -months), Math.min(now, m.premium_until));
  await trx
    .updateTable('members')
    .set({ premium_until: until })
    .where('id', '=', memberId)
    .execute();
}

/** Runs on every user.php poll, so it is built once. */
const allowanceDueRow = prepared((db, p: { memberId: number; now: number }) =>
  db
    .selectFrom('members')
    .select('id')
    .where('id', '=', p.memberId)
    .where('premium_allowance_at', '<=', p.now),
);

/** Monthly premium credits. */
export class PremiumRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Cheap check (one primary-key read): does the member have monthly credits due? */
  async allowanceDue(memberId: number, now: number): Promise<boolean> {
    return (await allowanceDueRow.first(this.db, { memberId, now })) !== undefined;
  }

  /**
   * Grants every premium month that has started by `now`, each once, in one db transaction. The
   * due time is claimed with a compare-and-set, so two requests cannot both grant a month; each
   * month draws on the oldest paid plan with months left (allowance:ID:N, N its month).
   * Answers the number of months granted.
   */
  async grantDueAllowances(memberId: number, now: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const m = await trx
        .selectFrom('members')
        .select(['premium_until', 'premium_allowance_at'])
        .where('id', '=', memberId)
        .executeTakeFirst();
      if (!m || m.premium_allowance_at === null || m.premium_allowance_at > now) return 0;
      const until = m.premium_until ?? 0;
      const due: number[] = [];
      let at: number = m.premium_allowance_at;
      while (at <= now && at < until && due.length < MAX_CATCH_UP) {
        due.push(at);
        at = addMonthsUtc(at, 1);
      }
      const next = at < until ? at : null;
      const claimed = await trx
        .updateTable('members')
        .set({ premium_allowance_at: next })
        .where('id', '=', memberId)
        .where('premium_allowance_at', '=', m.premium_allowance_at)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return 0;

      const plans = await trx
        .selectFrom('transactions')
        .select(['id', 'months', 'monthly_credits'])
        .where('member_id', '=', memberId)
        .where('product', '=', 'premium')
        .where('status', '=', 'paid')
        .orderBy('id')
        .execute();
      const used = new Map<number, number>();
      for (const plan of plans) {
        const row = await trx
          .selectFrom('credit_ledger')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('reason', '=', 'premium_allowance')
          .where('ref', 'like', `allowance:${plan.id}:%`)
          .executeTakeFirstOrThrow();
        used.set(plan.id, Number(row.n));
      }
      let granted = 0;
      for (let i = 0; i < due.length; i += 1) {
        const plan = plans.find((p) => (used.get(p.id) ?? 0) < p.months);
        if (!plan) break;
        const month = (used.get(plan.id) ?? 0) + 1;
        used.set(plan.id, month);
        await bookGrant(
          trx,
          memberId,
          [
            {
              delta: plan.monthly_credits,
              reason: 'premium_allowance',
              ref: `allowance:${plan.id}:${month}`,
            },
          ],
          `debt:${plan.id}:${month}`,
          now,
        );
        granted += 1;
      }
      return granted;
    });
  }
}
