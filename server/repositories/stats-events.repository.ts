/**
 * Writes of the stats tables that no member action causes: batches of counted page views, and
 * the retention roll-up that sums old raw events into stats_daily and deletes them.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { STATS_DIMENSIONS } from '../../src/shared/contract/stats';
import type { Database } from '../db/schema';
import type { StatsDimensions } from '../lib/stats-dimensions';

/** Views of one page kind with the same dimensions on one day, counted in memory. */
export interface ViewBatch {
  event: 'lander_view' | 'finder_view';
  day: string;
  dimensions: StatsDimensions;
  count: number;
  /** When the first of them was counted. */
  firstAt: number;
}

/** The stats_daily cell: what a raw event is summed by. */
const CELL = ['day', 'event', ...STATS_DIMENSIONS, 'currency'] as const;

/** Writes views, rolls up raw events and empties the keys of the previous release. */
export class StatsEventsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Writes counted views, one row per batch (no key: views are not conversions). */
  async insertViews(batches: readonly ViewBatch[]): Promise<void> {
    if (batches.length === 0) return;
    await this.db
      .insertInto('stats_events')
      .values(
        batches.map((b) => ({
          event: b.event,
          occurred_at: b.firstAt,
          day: b.day,
          ...b.dimensions,
          currency: '',
          amount: 0,
          count: b.count,
        })),
      )
      .execute();
  }

  /**
   * Sums every raw event of a day before `beforeDay` into stats_daily (adding to a cell already
   * there) and deletes them, in one transaction; answers how many raw rows went. Two instances
   * may run it at once: on PostgreSQL the rows are summed from what the delete itself removed
   * (a row another roll-up deleted first is not returned again); SQLite lets one writer through.
   */
  async rollUp(beforeDay: string): Promise<number> {
    const pg = this.db.getExecutor().adapter instanceof PostgresAdapter;
    return this.db.transaction().execute(async (trx) => {
      if (pg) {
        const rows = await trx
          .with('gone', (db) =>
            db.deleteFrom('stats_events').where('day', '<', beforeDay).returningAll(),
          )
          .with('summed', (db) =>
            db
              .selectFrom('gone')
              .select([
                ...CELL,
                sql<number>`sum(amount)`.as('amount'),
                sql<number>`sum(count)`.as('count'),
              ])
              .groupBy([...CELL]),
          )
          .with('added', (db) =>
            db
              .insertInto('stats_daily')
              .columns([...CELL, 'amount', 'count'])
              .expression((eb) => eb.selectFrom('summed').select([...CELL, 'amount', 'count']))
              .onConflict((oc) => oc.columns([...CELL]).doUpdateSet(addToCell))
              .returning('id'),
          )
          .selectFrom('gone')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow();
        return Number(rows.n);
      }
      await trx
        .insertInto('stats_daily')
        .columns([...CELL, 'amount', 'count'])
        .expression((eb) =>
          eb
            .selectFrom('stats_events')
            .select([
              ...CELL,
              sql<number>`sum(amount)`.as('amount'),
              sql<number>`sum(count)`.as('count'),
            ])
            .where('day', '<', beforeDay)
            .groupBy([...CELL]),
        )
        // SQLite reads `on` after a select as a join unless the select has a where: it has one.
        .onConflict((oc) => oc.columns([...CELL]).doUpdateSet(addToCell))
        .execute();
      const deleted = await trx
        .deleteFrom('stats_events')
        .where('day', '<', beforeDay)
        .executeTakeFirst();
      return Number(deleted.numDeletedRows);
    });
  }

  /**
   * Empties the once-per-cause keys (e.g. `signup:12`) that the previous release still writes
   * during a rolling restart (migration 013); answers how many it emptied.
   */
  async forgetKeys(): Promise<number> {
    const result = await this.db
      .updateTable('stats_events')
      .set({ event_key: null })
      .where('event_key', 'is not', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}

/** An upsert's update: the cell's sums plus the rolled-up ones. */
const addToCell = {
  amount: sql<number>`stats_daily.amount + excluded.amount`,
  count: sql<number>`stats_daily.count + excluded.count`,
};
