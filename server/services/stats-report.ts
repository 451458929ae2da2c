/**
 * GET /api/stats.php's answer from the repository's sums: one row per day of the range (zeros
 * included) or per dimension value, each step's count, revenue per currency (gross from
 * purchases, refunds, net), the totals, the filter lists and the postbacks' state.
 */
import type { FastifyInstance } from 'fastify';
import {
  FUNNEL_STEPS,
  STATS_DIMENSIONS,
  type FunnelStep,
  type StatsQuery,
  type StatsResponse,
  type StatsRevenue,
  type StatsRow,
  type StepCounts,
} from '../../src/shared/contract/stats';
import type { FunnelCell, StatsFilter } from '../repositories/stats.repository';

const STEPS: ReadonlySet<string> = new Set(FUNNEL_STEPS);
const DAY_MS = 86_400_000;

/** Every UTC day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

function zeroCounts(): StepCounts {
  return Object.fromEntries(FUNNEL_STEPS.map((s) => [s, 0])) as StepCounts;
}

/** A row being summed: counts, and revenue by currency. */
interface Sum {
  counts: StepCounts;
  revenue: Map<string, StatsRevenue>;
}

function emptySum(): Sum {
  return { counts: zeroCounts(), revenue: new Map() };
}

function add(sum: Sum, cell: FunnelCell): void {
  if (STEPS.has(cell.event)) sum.counts[cell.event as FunnelStep] += cell.count;
  if (cell.event !== 'purchase' && cell.event !== 'refund') return;
  let money = sum.revenue.get(cell.currency);
  if (!money) {
    money = {
      currency: cell.currency,
      gross: 0,
      refunds: 0,
      net: 0,
      purchases: 0,
      refund_count: 0,
    };
    sum.revenue.set(cell.currency, money);
  }
  if (cell.event === 'purchase') {
    money.gross += cell.amount;
    money.purchases += cell.count;
  } else {
    // Refund rows carry the money taken back as a negative amount.
    money.refunds -= cell.amount;
    money.refund_count += cell.count;
  }
  money.net = money.gross - money.refunds;
}

function toRow(key: string, sum: Sum): StatsRow {
  const revenue = [...sum.revenue.values()].sort((a, b) => a.currency.localeCompare(b.currency));
  return { key, counts: sum.counts, revenue };
}

/** The filter of a query: its range and the dimensions it names. */
export function filterOf(query: StatsQuery): StatsFilter {
  const dimensions: StatsFilter['dimensions'] = {};
  for (const d of STATS_DIMENSIONS) if (query[d] !== undefined) dimensions[d] = query[d];
  return { from: query.from, to: query.to, dimensions };
}

/** Builds the answer of one query. */
export async function statsReport(app: FastifyInstance, query: StatsQuery): Promise<StatsResponse> {
  const filter = filterOf(query);
  const { stats } = app.repos;
  const cells = await stats.funnel(filter, query.group);
  const options = await stats.options(query.from, query.to);
  const postbacks = await stats.postbacks(query.from, query.to, filter.dimensions.network);

  const sums = new Map<string, Sum>();
  if (query.group === 'day')
    for (const day of daysOf(query.from, query.to)) sums.set(day, emptySum());
  const totals = emptySum();
  for (const cell of cells) {
    let sum = sums.get(cell.key);
    if (!sum) sums.set(cell.key, (sum = emptySum()));
    add(sum, cell);
    add(totals, cell);
  }
  const rows = [...sums.entries()].map(([key, sum]) => toRow(key, sum));
  if (query.group !== 'day') {
    rows.sort(
      (a, b) =>
        b.counts.lander_view - a.counts.lander_view || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
    );
  }
  return {
    from: query.from,
    to: query.to,
    group: query.group,
    rows,
    totals: toRow('', totals),
    options,
    postbacks,
    generated_at: new Date().toISOString(),
  };
}
