/**
 * Credits move only through the ledger; members.credits is kept as its running balance, so the
 * sum of a member's ledger always equals it. Grants pay off `credit_debt` first.
 */
import type { Kysely } from 'kysely';
import { LEDGER_REASONS, type LedgerEntry } from '../../src/shared/contract/payments';
import type { Database } from '../db/schema';

/** One ledger line to book; `ref` makes it happen at most once (unique index credit_ledger_ref). */
export interface LedgerLine {
  delta: number;
  reason: string;
  ref: string;
}

/** The purchase a ledger ref belongs to: transaction:ID, bonus:ID, refund:ID, debt:ID, allowance:ID:N. */
export function transactionOfRef(ref: string | null): number | null {
  const m =
    ref === null ? null : /^(?:transaction|bonus|refund|debt|allowance):(\d+)(?::\d+)?$/.exec(ref);
  return m ? Number(m[1]) : null;
}

/**
 * Books positive `lines` (each once: a line whose ref exists is skipped) and pays the member's
 * debt from them first with a `debt_settlement` row under `debtRef`. Run inside a db transaction.
 * Answers the credits added to the balance.
 */
export async function bookGrant(
  trx: Kysely<Database>,
  memberId: number,
  lines: readonly LedgerLine[],
  debtRef: string,
  now: number,
): Promise<number> {
  let granted = 0;
  for (const line of lines) {
    if (line.delta <= 0) continue;
    const inserted = await trx
      .insertInto('credit_ledger')
      .values({
        member_id: memberId,
        delta: line.delta,
        reason: line.reason,
        ref: line.ref,
        created_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) granted += line.delta;
  }
  if (granted === 0) return 0;
  // The update locks the member row (PostgreSQL) before the debt is read, so two grants cannot both settle it.
  const member = await trx
    .updateTable('members')
    .set((eb) => ({ credits: eb('credits', '+', granted) }))
    .where('id', '=', memberId)
    .returning('credit_debt')
    .executeTakeFirstOrThrow();
  const settle = Math.min(member.credit_debt, granted);
  if (settle > 0) {
    const booked = await trx
      .insertInto('credit_ledger')
      .values({
        member_id: memberId,
        delta: -settle,
        reason: 'debt_settlement',
        ref: debtRef,
        created_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (booked) {
      await trx
        .updateTable('members')
        .set((eb) => ({
          credits: eb('credits', '-', settle),
          credit_debt: eb('credit_debt', '-', settle),
        }))
        .where('id', '=', memberId)
        .execute();
      return granted - settle;
    }
  }
  return granted;
}

/**
 * Takes back up to `amount` credits (never below zero) as one `refund` row under `ref`; what the
 * balance cannot cover becomes debt. Run inside a db transaction. Answers the debt added.
 */
export async function bookTakeBack(
  trx: Kysely<Database>,
  memberId: number,
  amount: number,
  ref: string,
  now: number,
): Promise<number> {
  if (amount <= 0) return 0;
  const member = await trx
    .updateTable('members')
    .set((eb) => ({ credits: eb('credits', '+', 0) }))
    .where('id', '=', memberId)
    .returning('credits')
    .executeTakeFirstOrThrow();
  const take = Math.min(amount, Math.max(0, member.credits));
  const debt = amount - take;
  if (take > 0) {
    await trx
      .insertInto('credit_ledger')
      .values({ member_id: memberId, delta: -take, reason: 'refund', ref, created_at: now })
      .execute();
  }
  await trx
    .updateTable('members')
    .set((eb) => ({ credits: eb('credits', '-', take), credit_debt: eb('credit_debt', '+', debt) }))
    .where('id', '=', memberId)
    .execute();
  return debt;
}

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

  /** Balance and debt of a member (zeros for an unknown one). */
  async balance(memberId: number): Promise<{ balance: number; debt: number }> {
    const row = await this.db
      .selectFrom('members')
      .select(['credits', 'credit_debt'])
      .where('id', '=', memberId)
      .executeTakeFirst();
    return { balance: row?.credits ?? 0, debt: row?.credit_debt ?? 0 };
  }

  /**
   * One page of the member's ledger, newest first. Rows of a reason the contract does not name
   * (none today) are left out rather than break the answer.
   */
  async page(
    memberId: number,
    page: number,
    size: number,
  ): Promise<{ entries: LedgerEntry[]; hasMore: boolean }> {
    const rows = await this.db
      .selectFrom('credit_ledger')
      .select(['id', 'delta', 'reason', 'ref', 'created_at'])
      .where('member_id', '=', memberId)
      .where('reason', 'in', [...LEDGER_REASONS])
      .orderBy('id', 'desc')
      .limit(size + 1)
      .offset((page - 1) * size)
      .execute();
    const entries = rows.slice(0, size).map((r) => ({
      id: r.id,
      delta: r.delta,
      reason: r.reason as LedgerEntry['reason'],
      transaction: r.reason === 'message' ? null : transactionOfRef(r.ref),
      created_at: new Date(r.created_at).toISOString(),
    }));
    return { entries, hasMore: rows.length > size };
  }

  /** Sum of the member's ledger (tests and checks: it must equal members.credits). */
  async ledgerSum(memberId: number): Promise<number> {
    const row = await this.db
      .selectFrom('credit_ledger')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('delta'), eb.lit(0)).as('total'))
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }
}
