/**
 * DESIGN §5: no search shape may plan a full scan of members. Seeds a few thousand members (the
 * seed ends with ANALYZE, and VACUUM on PostgreSQL as autovacuum would, repeated here until the
 * visibility map is set), then EXPLAINs the exact page and count statements search.php runs, for
 * every filter shape, logged out and logged in.
 */
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchQuery } from '../../src/shared/contract/members';
import { todayIso } from '../../server/lib/dates';
import { startOfToday } from '../../server/seed/generate';
import { seedMembers } from '../../server/seed/seed';
import { manualFilters, toSearchFilter } from '../../server/services/search-filters';
import { buildTestApp, ENGINES, type TestApp } from './helper';

const MEMBERS = 3000;
/** How long to wait for VACUUM to mark every members page all-visible (see untilAllVisible). */
const VISIBILITY_WAIT_MS = 90_000;

/**
 * VACUUM marks pages all-visible only when no open snapshot in the database is older than their
 * rows. Other test files hold short transactions on the same database, and while one is open the
 * seed's VACUUM leaves the visibility map empty; the planner then prices the index-only count
 * with a heap visit per row and rightly prefers a sequential scan of a small table. Autovacuum
 * would set the map a little later on a live site; here the test vacuums again until it is set.
 */
async function untilAllVisible(db: Kysely<unknown>): Promise<void> {
  const deadline = Date.now() + VISIBILITY_WAIT_MS;
  for (;;) {
    const { rows } = await sql<{ pages: number; visible: number }>`
      select relpages as pages, relallvisible as visible from pg_class
      where oid = 'members'::regclass`.execute(db);
    const row = rows[0];
    if (row && row.visible >= row.pages) return;
    if (Date.now() > deadline) {
      throw new Error(`members: ${row?.visible} of ${row?.pages} pages all-visible after VACUUM`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await sql`vacuum (analyze) members`.execute(db);
  }
}

/** One EXPLAIN line or plan node, reduced to what the assertions need. */
interface Step {
  /** SQLite: the detail text; PostgreSQL: the node type. */
  what: string;
  /** The members table is what this step reads. */
  onMembers: boolean;
  /** It reads members through an index. */
  indexed: boolean;
}

/** Flattens a PostgreSQL JSON plan; `Relation Name` is the table even when aliased. */
function pgSteps(node: Record<string, unknown>): Step[] {
  const type = String(node['Node Type']);
  const own: Step = {
    what: `${type} ${String(node['Index Name'] ?? node['Relation Name'] ?? '')}`.trim(),
    onMembers: node['Relation Name'] === 'members',
    indexed: ['Index Scan', 'Index Only Scan', 'Bitmap Heap Scan'].includes(type),
  };
  const children = (node.Plans as Record<string, unknown>[] | undefined) ?? [];
  return [own, ...children.flatMap(pgSteps)];
}

/** SQLite names the alias (`m`) in its plan; the search always reads members as `m`. */
function sqliteStep(detail: string): Step {
  const onMembers = /^(SCAN|SEARCH) (m|members)\b/.test(detail);
  return { what: detail, onMembers, indexed: / USING (COVERING )?INDEX members_/.test(detail) };
}

for (const engine of ENGINES) {
  describe(`search plans (${engine})`, () => {
    let t: TestApp;
    let country = '';
    let region = 0;
    let viewerId = 0;

    beforeAll(async () => {
      t = await buildTestApp(engine);
      await seedMembers(t.app.db, {
        store: t.app.storage,
        members: MEMBERS,
        avatarsPerGender: 2,
        now: startOfToday(),
        log: () => {},
      });
      // The most common place, so region searches have rows to plan for.
      const place = await t.app.db
        .selectFrom('members')
        .select(['country', 'countryregion', (eb) => eb.fn.countAll<number>().as('n')])
        .where('countryregion', 'is not', null)
        .groupBy(['country', 'countryregion'])
        .orderBy('n', 'desc')
        .executeTakeFirstOrThrow();
      if (engine === 'postgres') await untilAllVisible(t.app.db as Kysely<unknown>);
      country = place.country ?? '';
      region = place.countryregion ?? 0;
      viewerId = (
        await t.app.db.selectFrom('members').select('id').orderBy('id').executeTakeFirstOrThrow()
      ).id;
    }, 120_000 + VISIBILITY_WAIT_MS);
    afterAll(() => t.close());

    async function plan(query: CompiledQuery): Promise<Step[]> {
      if (engine === 'postgres') {
        const explain = CompiledQuery.raw(`explain (format json) ${query.sql}`, [
          ...query.parameters,
        ]);
        const { rows } = await t.app.db.executeQuery<{ 'QUERY PLAN': [{ Plan: object }] }>(explain);
        return pgSteps(rows[0]?.['QUERY PLAN'][0].Plan as Record<string, unknown>);
      }
      const explain = CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]);
      const { rows } = await t.app.db.executeQuery<{ detail: string }>(explain);
      return rows.map((r) => sqliteStep(r.detail));
    }

    it('runs with the planner free to choose a sequential scan', async () => {
      if (engine !== 'postgres') return;
      const { rows } = await sql<{ enable_seqscan: string }>`show enable_seqscan`.execute(t.app.db);
      expect(rows[0]?.enable_seqscan).toBe('on');
    });

    const shapes: Array<[string, () => Partial<SearchQuery>]> = [
      ['no filter', () => ({})],
      ['gender', () => ({ gender: 'female' })],
      ['country', () => ({ country })],
      ['country and gender', () => ({ country, gender: 'male' })],
      ['country and region', () => ({ country, countryregion: region })],
      ['country, region and gender', () => ({ country, countryregion: region, gender: 'female' })],
    ];
    const ages: Array<[string, Partial<SearchQuery>]> = [
      ['all ages', {}],
      ['an age range', { min_age: 26, max_age: 35 }],
      ['a minimum age only', { min_age: 65, max_age: '' }],
    ];
    const cases = shapes.flatMap(([shape, filters]) =>
      ages.flatMap(([age, range]) =>
        [false, true].map(
          (loggedIn) =>
            [
              `${shape}, ${age}, ${loggedIn ? 'logged in' : 'logged out'}`,
              filters,
              range,
              loggedIn,
            ] as const,
        ),
      ),
    );

    it.each(cases)(
      '%s: page and count read members through an index',
      async (_l, f, range, loggedIn) => {
        const q: SearchQuery = { manual_search: true, page: 2, ...f(), ...range };
        const filter = toSearchFilter(
          manualFilters(q, t.app.site),
          q,
          loggedIn ? viewerId : null,
          todayIso(),
        );
        const { page, count } = t.app.repos.search.compile(filter);
        for (const [name, query] of [
          ['page', page],
          ['count', count],
        ] as const) {
          const steps = (await plan(query)).filter((s) => s.onMembers);
          const shown = `${name}: ${steps.map((s) => s.what).join(' | ')}`;
          expect(steps.length, shown).toBeGreaterThan(0);
          expect(
            steps.every((s) => s.indexed),
            shown,
          ).toBe(true);
        }
      },
    );
  });
}
