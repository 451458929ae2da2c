/**
 * Delivery of `postback_outbox` (migration 012): which rows are due, the lease an instance takes
 * on one before sending it, and what each attempt left behind. The rows are written by the
 * conversions themselves, in the transaction of their cause.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** A postback an instance holds until `leaseUntil` and may now send. */
export interface ClaimedPostback {
  /** The outbox row's id: the same on every attempt (the partner's `{event_id}`). */
  id: number;
  event: string;
  network: string;
  ref: string;
  sub1: string;
  sub2: string;
  sub3: string;
  /** Minor units; 0 with no currency for events without money. */
  amount: number;
  currency: string;
  transactionRef: string;
  /** Attempts made before this one. */
  attempts: number;
  /** The lease's end, which also proves the lease is still this instance's when the outcome is written. */
  leaseUntil: number;
}

/** The outcome of an attempt that did not reach the partner. */
export interface FailedAttempt {
  /** Attempts made, this one included. */
  attempts: number;
  /** Short reason, e.g. "HTTP 503" or "timeout". */
  error: string;
  now: number;
  /** When to try again; null: given up (status failed). */
  retryAt: number | null;
}

/** Longest last_error kept (the column's size). */
const ERROR_MAX = 200;

// Literals, as in the partial index postback_outbox_due: a bound value would not match it.
const PENDING = sql<boolean>`status = 'pending'`;

/** Finds, claims and settles postbacks. */
export class PostbackOutboxRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Ids of pending postbacks due by `now` that no instance holds, oldest due first. */
  async due(now: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('postback_outbox')
      .select('id')
      .where(PENDING)
      .where('next_attempt_at', '<=', now)
      .where('claimed_until', '<', now)
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Takes the lease on a due postback: a conditional update, so of two instances only one gets
   * it; the other (and any instance until the lease ends) gets undefined.
   */
  async claim(id: number, now: number, leaseMs: number): Promise<ClaimedPostback | undefined> {
    const leaseUntil = now + leaseMs;
    const row = await this.db
      .updateTable('postback_outbox')
      .set({ claimed_until: leaseUntil })
      .where('id', '=', id)
      .where(PENDING)
      .where('claimed_until', '<', now)
      .returning([
        'id',
        'event',
        'network',
        'ref',
        'sub1',
        'sub2',
        'sub3',
        'amount',
        'currency',
        'transaction_ref',
        'attempts',
      ])
      .executeTakeFirst();
    if (!row) return undefined;
    const { transaction_ref: transactionRef, ...rest } = row;
    return { ...rest, transactionRef, leaseUntil };
  }

  /** The partner answered 2xx; false when the lease was no longer ours (nothing is written). */
  async delivered(p: ClaimedPostback, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('postback_outbox')
      .set({
        status: 'delivered',
        attempts: p.attempts + 1,
        last_attempt_at: now,
        delivered_at: now,
        last_error: '',
        claimed_until: 0,
      })
      .where('id', '=', p.id)
      .where('claimed_until', '=', p.leaseUntil)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The attempt failed: retry at `retryAt`, or give up; false when the lease was no longer ours. */
  async attemptFailed(p: ClaimedPostback, f: FailedAttempt): Promise<boolean> {
    const result = await this.db
      .updateTable('postback_outbox')
      .set({
        status: f.retryAt === null ? 'failed' : 'pending',
        attempts: f.attempts,
        last_attempt_at: f.now,
        last_error: f.error.slice(0, ERROR_MAX),
        ...(f.retryAt !== null && { next_attempt_at: f.retryAt }),
        claimed_until: 0,
      })
      .where('id', '=', p.id)
      .where('claimed_until', '=', p.leaseUntil)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The network has no postback address or does not want this event: never sent. */
  async skipped(p: ClaimedPostback): Promise<void> {
    await this.db
      .updateTable('postback_outbox')
      .set({ status: 'skipped', claimed_until: 0 })
      .where('id', '=', p.id)
      .where('claimed_until', '=', p.leaseUntil)
      .execute();
  }

  /** Postbacks waiting for their first or next attempt (the partial index postback_outbox_due). */
  async pendingCount(): Promise<number> {
    const row = await this.db
      .selectFrom('postback_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(PENDING)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Postbacks given up (the partial index postback_outbox_failed). */
  async failedCount(): Promise<number> {
    const row = await this.db
      .selectFrom('postback_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(sql<boolean>`status = 'failed'`)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Gives postbacks that were given up a new round of attempts, due now (`npm run admin --
   * resend-postbacks`), of one network or all; answers how many.
   */
  async retryFailed(now: number, network?: string): Promise<number> {
    let query = this.db
      .updateTable('postback_outbox')
      .set({ status: 'pending', attempts: 0, next_attempt_at: now, claimed_until: 0 })
      .where(sql<boolean>`status = 'failed'`);
    if (network !== undefined) query = query.where('network', '=', network);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Deletes settled postbacks (delivered, skipped or given up) written before `before`: the
   * console reads the same retention window as the raw figures. Pending ones always stay.
   */
  async prune(before: number): Promise<number> {
    const result = await this.db
      .deleteFrom('postback_outbox')
      .where('status', 'in', ['delivered', 'skipped', 'failed'])
      .where('created_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * Gives rows keyed by their cause (e.g. `signup:12`, written by the previous release during a
   * rolling restart; migration 013) a key of their own id, which names no member.
   */
  async rekeyCauseKeys(): Promise<number> {
    const result = await this.db
      .updateTable('postback_outbox')
      .set({ event_key: sql<string>`'row:' || cast(id as varchar(20))` })
      .where('event_key', 'like', '%:%')
      .where('event_key', 'not like', 'row:%')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
