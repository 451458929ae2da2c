/**
 * The stats console's reads: the funnel summed from raw events and daily aggregates alike (a day
 * is in one or the other, or partly in both while it is rolled up), the values each dimension
 * took, and how the postbacks fare. Every read is bounded by the range's days, which both tables
 * index first.
 */
import { sql, type Kysely } from 'kysely';
import {
  STATS_DIMENSIONS,
  type PostbackStatus,
  type StatsDimension,
  type StatsGroup,
} from '../../src/shared/contract/stats';
import type { Database } from '../db/schema';

/** The range (UTC days, both included) and the dimension filters ('' matches "not set"). */
export interface StatsFilter {
  from: string;
  to: string;
  dimensions: Partial<Record<StatsDimension, string>>;
}

/** One group value's sum of one event in one currency ('' for counts without money). */
export interface FunnelCell {
  key: string;
  event: string;
  currency: string;
  count: number;
  amount: number;
}

/** How many values of a dimension the filter lists get at most. */
export const OPTIONS_MAX = 200;
/** How many failures the console lists. */
const FAILURES_MAX = 20;
const DAY_MS = 86_400_000;

type StatsTable = 'stats_events' | 'stats_daily';

/** Reads for GET /api/stats.php. */
export class StatsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The funnel's sums per group value, event and currency, raw and daily rows together. */
  async funnel(filter: StatsFilter, group: StatsGroup): Promise<FunnelCell[]> {
    const cells = new Map<string, FunnelCell>();
    for (const table of ['stats_events', 'stats_daily'] as const) {
      for (const row of await this.cells(table, filter, group)) {
        const id = JSON.stringify([row.key, row.event, row.currency]);
        const cell = cells.get(id);
        if (cell) {
          cell.count += row.count;
          cell.amount += row.amount;
        } else cells.set(id, row);
      }
    }
    return [...cells.values()];
  }

  private async cells(
    table: StatsTable,
    filter: StatsFilter,
    group: StatsGroup,
  ): Promise<FunnelCell[]> {
    let query = this.db
      .selectFrom(table)
      .select((eb) => [
        eb.ref(group).as('key'),
        'event',
        'currency',
        eb.fn.sum<number | string>('count').as('count'),
        eb.fn.sum<number | string>('amount').as('amount'),
      ])
      .where('day', '>=', filter.from)
      .where('day', '<=', filter.to);
    for (const dimension of STATS_DIMENSIONS) {
      const value = filter.dimensions[dimension];
      if (value !== undefined) query = query.where(dimension, '=', value);
    }
    const rows = await query.groupBy([group, 'event', 'currency']).execute();
    return rows.map((r) => ({
      key: String(r.key),
      event: r.event,
      currency: r.currency,
      count: Number(r.count),
      amount: Number(r.amount),
    }));
  }

  /** The values each dimension took in the range, sorted, at most OPTIONS_MAX each. */
  async options(from: string, to: string): Promise<Record<StatsDimension, string[]>> {
    const options = {} as Record<StatsDimension, string[]>;
    for (const dimension of STATS_DIMENSIONS) {
      const inRange = (table: StatsTable) =>
        this.db
          .selectFrom(table)
          .select(sql.ref<string>(dimension).as('value'))
          .where('day', '>=', from)
          .where('day', '<=', to);
      const rows = await inRange('stats_events')
        .union(inRange('stats_daily'))
        .orderBy('value')
        .limit(OPTIONS_MAX)
        .execute();
      options[dimension] = rows.map((r) => r.value);
    }
    return options;
  }

  /** Postbacks of conversions in the range (of one network when filtered): counts and failures. */
  async postbacks(from: string, to: string, network?: string): Promise<PostbackStatus> {
    const start = Date.parse(`${from}T00:00:00Z`);
    const end = Date.parse(`${to}T00:00:00Z`) + DAY_MS;
    let base = this.db
      .selectFrom('postback_outbox')
      .where('created_at', '>=', start)
      .where('created_at', '<', end);
    if (network !== undefined) base = base.where('network', '=', network);
    const counts = await base
      .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
      .groupBy('status')
      .execute();
    const failures = await base
      .select([
        'network',
        'event',
        'attempts',
        'last_error',
        'last_attempt_at',
        'created_at',
        'status',
      ])
      .where('attempts', '>', 0)
      .where('status', 'in', ['pending', 'failed'])
      .orderBy('last_attempt_at', 'desc')
      .orderBy('id', 'desc')
      .limit(FAILURES_MAX)
      .execute();
    const count = (status: string) => Number(counts.find((c) => c.status === status)?.n ?? 0);
    return {
      delivered: count('delivered'),
      pending: count('pending'),
      failed: count('failed'),
      recent_failures: failures.map((f) => ({
        network: f.network,
        event: f.event as PostbackStatus['recent_failures'][number]['event'],
        attempts: f.attempts,
        last_error: f.last_error,
        last_attempt_at: new Date(Number(f.last_attempt_at ?? f.created_at)).toISOString(),
        given_up: f.status === 'failed',
      })),
    };
  }
}
