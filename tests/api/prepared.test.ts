/**
 * Prepared queries (server/db/prepared.ts): built once per engine, then run with each call's values
 * on SQLite and PostgreSQL, inside transactions too, named on PostgreSQL; an argument that shapes
 * the query is refused.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepared } from '../../server/db/prepared';
import { buildTestApp, ENGINES, type TestApp } from './helper';

describe.each(ENGINES)('prepared queries on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    for (const [name, email] of [
      ['Ann', 'ann@example.com'],
      ['Bob', 'bob@example.com'],
    ] as const) {
      await t.app.repos.members.create({
        name,
        email,
        passwordHash: 'x',
        language: 'en',
        country: 'NL',
        trafficsource: null,
        referrer: null,
        timezone: null,
        mailprovider: 0,
        signupDesign: '',
        signupSlug: '',
        now: Date.now(),
      });
    }
  });
  afterAll(() => t.close());

  it('builds once and answers each call with its own values', async () => {
    const build = vi.fn((db: Parameters<Parameters<typeof prepared>[0]>[0], p: { email: string }) =>
      db.selectFrom('members').select(['name', 'email']).where('email', '=', p.email),
    );
    const byEmail = prepared(build);
    const db = t.app.db;
    expect(await byEmail.first(db, { email: 'ann@example.com' })).toEqual({
      name: 'Ann',
      email: 'ann@example.com',
    });
    expect(await byEmail.all(db, { email: 'bob@example.com' })).toEqual([
      { name: 'Bob', email: 'bob@example.com' },
    ]);
    expect(await byEmail.first(db, { email: 'nobody@example.com' })).toBeUndefined();
    // The same compiled query serves a transaction of the same database.
    await db.transaction().execute(async (trx) => {
      expect((await byEmail.first(trx, { email: 'bob@example.com' }))?.name).toBe('Bob');
    });
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('keeps values fixed in the builder and fills an argument used twice', async () => {
    const namedEither = prepared((db, p: { name: string }) =>
      db
        .selectFrom('members')
        .select('name')
        .where((eb) => eb.or([eb('name', '=', p.name), eb('email', '=', p.name)]))
        .where('country', '=', 'NL')
        .orderBy('name')
        .limit(5),
    );
    expect(await namedEither.all(t.app.db, { name: 'Ann' })).toEqual([{ name: 'Ann' }]);
    expect(await namedEither.all(t.app.db, { name: 'bob@example.com' })).toEqual([{ name: 'Bob' }]);
  });

  it.runIf(engine === 'postgres')(
    'names its statement on PostgreSQL, so each connection parses and plans it once',
    async () => {
      const idByEmail = prepared((db, p: { email: string }) =>
        db.selectFrom('members').select('id').where('email', '=', p.email),
      );
      await t.app.db.connection().execute(async (conn) => {
        await idByEmail.all(conn, { email: 'ann@example.com' });
        await idByEmail.all(conn, { email: 'bob@example.com' });
        const { rows } = await sql<{ name: string; statement: string }>`
          select name, statement from pg_prepared_statements`.execute(conn);
        const named = rows.filter(
          (r) => r.statement === 'select "id" from "members" where "email" = $1',
        );
        expect(named).toHaveLength(1);
        expect(named[0]?.name).toMatch(/^amora_hot_\d+$/);
      });
    },
  );

  it('refuses an argument that decides the shape of the query', async () => {
    const shaped = prepared((db, p: { withEmail: boolean; name: string }) => {
      const q = db.selectFrom('members').select('name').where('name', '=', p.name);
      return p.withEmail ? q.select('email') : q;
    });
    await expect(shaped.all(t.app.db, { withEmail: false, name: 'Ann' })).rejects.toThrow(
      /"withEmail" shapes the query/,
    );
    const stringified = prepared((db, p: { name: string }) =>
      db
        .selectFrom('members')
        .select('name')
        .where(sql`name`, '=', `${p.name}`),
    );
    await expect(stringified.all(t.app.db, { name: 'Ann' })).rejects.toThrow(/"name"/);
  });
});
