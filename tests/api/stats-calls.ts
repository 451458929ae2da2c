/** Calls and rows the stats tests share: readers made by the admin command, stats.php, raw rows. */
import type { FastifyInstance } from 'fastify';
import type { Insertable } from 'kysely';
import { STATS_PATH, StatsResponse } from '../../src/shared/contract/stats';
import { runAdminCommand } from '../../server/admin/commands';
import type { StatsDailyTable, StatsEventsTable } from '../../server/db/schema';
import { as } from './fixtures';
import { account, type Account } from './moderation-calls';

/** A member given the stats role the only way there is: the admin command. */
export async function statsReader(app: FastifyInstance): Promise<Account> {
  const reader = await account(app, { name: 'Analyst' });
  const result = await runAdminCommand(app.db, ['grant-stats', reader.email]);
  if (result.code !== 0) throw new Error(result.lines.join('\n'));
  return reader;
}

/** GET stats.php with a query (raw response). */
export function getStats(app: FastifyInstance, cookie: string | null, query: object) {
  const search = new URLSearchParams(query as Record<string, string>).toString();
  return app.inject({
    method: 'GET',
    url: `${STATS_PATH}?${search}`,
    ...(cookie ? as(cookie) : {}),
  });
}

/** stats.php's answer, which must be a 200. */
export async function stats(app: FastifyInstance, cookie: string, query: object) {
  const res = await getStats(app, cookie, query);
  if (res.statusCode !== 200) throw new Error(`stats.php: ${res.statusCode} ${res.body}`);
  return StatsResponse.parse(res.json());
}

/** Every column a stats row may leave out, as the database would default it. */
const BLANK = {
  design: '',
  slug: '',
  language: '',
  country: '',
  network: '',
  sub1: '',
  sub2: '',
  sub3: '',
  currency: '',
  amount: 0,
  count: 1,
};

/** A raw event row on `day` (noon UTC). */
export function rawEvent(
  day: string,
  row: Partial<Insertable<StatsEventsTable>> & { event: string },
): Insertable<StatsEventsTable> {
  return { ...BLANK, occurred_at: Date.parse(`${day}T12:00:00Z`), day, ...row };
}

/** Inserts raw events. */
export async function insertEvents(app: FastifyInstance, rows: Insertable<StatsEventsTable>[]) {
  await app.db.insertInto('stats_events').values(rows).execute();
}

/** Inserts daily aggregate rows. */
export async function insertDaily(app: FastifyInstance, rows: Insertable<StatsDailyTable>[]) {
  // SQLite writes null, not the default, for a column one row of several leaves out.
  await app.db
    .insertInto('stats_daily')
    .values(rows.map((row) => ({ ...BLANK, ...row })))
    .execute();
}
