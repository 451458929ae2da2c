/**
 * DESIGN §5 for the acquisition pages: the lander cards of every niche, the match-finder's pictures
 * and the sign-up matches read members through an index, never a full scan. Same method as
 * search-plan.test.ts, on a seeded database.
 */
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANDER_PROFILES_MAX } from '../../src/shared/contract/landers';
import { LANDER_NICHES } from '../../src/shared/lander-slug';
import { todayIso } from '../../server/lib/dates';
import type { MatchPlace, ShownFilter } from '../../server/repositories/lander.repository';
import { startOfToday } from '../../server/seed/generate';
import { seedMembers } from '../../server/seed/seed';
import { ageBounds, nicheBounds } from '../../server/services/lander-audience';
import { buildTestApp, ENGINES, type TestApp } from './helper';

const MEMBERS = 3000;

/** Whether one plan step reads members, and whether through an index. */
interface Step {
  what: string;
  onMembers: boolean;
  indexed: boolean;
}

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

function sqliteStep(detail: string): Step {
  const onMembers = /^(SCAN|SEARCH) (m|members)\b/.test(detail);
  return {
    what: detail,
    onMembers,
    indexed: / USING (COVERING )?(INDEX members_|INTEGER PRIMARY KEY)/.test(detail),
  };
}

for (const engine of ENGINES) {
  describe(`acquisition page plans (${engine})`, () => {
    let t: TestApp;
    let viewerId = 0;
    let country = '';

    beforeAll(async () => {
      t = await buildTestApp(engine);
      await seedMembers(t.app.db, {
        store: t.app.storage,
        members: MEMBERS,
        avatarsPerGender: 2,
        now: startOfToday(),
        log: () => {},
      });
      const first = await t.app.db
        .selectFrom('members')
        .select(['id', 'country'])
        .orderBy('id')
        .executeTakeFirstOrThrow();
      viewerId = first.id;
      country = first.country ?? 'NL';
    }, 120_000);
    afterAll(() => t.close());

    async function steps(query: CompiledQuery): Promise<Step[]> {
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

    async function expectIndexed(query: CompiledQuery) {
      const onMembers = (await steps(query)).filter((s) => s.onMembers);
      const shown = onMembers.map((s) => s.what).join(' | ');
      expect(onMembers.length, shown).toBeGreaterThan(0);
      expect(
        onMembers.every((s) => s.indexed),
        shown,
      ).toBe(true);
    }

    const filter = (extra: Partial<ShownFilter>, loggedIn: boolean): ShownFilter => ({
      gender: null,
      bornOnOrBefore: null,
      bornAfter: null,
      viewerId: loggedIn ? viewerId : null,
      today: todayIso(),
      now: Date.now(),
      ...extra,
    });

    const landerCases = LANDER_NICHES.flatMap((niche) =>
      [false, true].flatMap((loggedIn) =>
        [true, false].map((photo) => [niche, loggedIn, photo] as const),
      ),
    );
    it.each(landerCases)(
      'lander cards of niche %i (logged in: %s, photo only: %s) read members through an index',
      async (niche, loggedIn, photo) => {
        const f = filter(nicheBounds(niche, todayIso()), loggedIn);
        await expectIndexed(t.app.repos.landers.compileCards(f, photo, LANDER_PROFILES_MAX));
      },
    );

    it.each([
      [{ gender: 'female' as const }],
      [{ gender: 'male' as const, ...ageBounds(26, 35, todayIso()) }],
      [{ gender: 'female' as const, country: 'NL' }],
      [{ gender: 'female' as const, country: 'NL', countryregion: 8 }],
    ])('match-finder pictures of %j read members through an index', async (extra) => {
      await expectIndexed(t.app.repos.landers.compilePictures(filter(extra, false), 12));
    });

    const places: MatchPlace[] = ['here', 'elsewhere', 'anywhere'];
    it.each(places.flatMap((place) => [true, false].map((photo) => [place, photo] as const)))(
      'sign-up matches %s (photo only: %s) read members through an index',
      async (place, photo) => {
        const f = {
          ...filter({ gender: 'female', ...ageBounds(25, 35, todayIso()), country }, true),
          viewerId,
        };
        await expectIndexed(t.app.repos.landers.compileMatches(f, place, photo, 12));
      },
    );
  });
}
