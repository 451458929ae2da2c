/**
 * The SQLite statement cache (server/db/sqlite-statements.ts): one prepared statement per SQL text,
 * bounded, reused across plain queries, transactions and savepoints, and still right after errors
 * and schema changes.
 */
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type ColumnType, type Generated } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sqliteStatements } from '../../server/db/sqlite-statements';

interface Db {
  // Booleans go in as the API's repositories write them; SQLite hands back 1/0.
  notes: { id: Generated<number>; body: string; pinned: ColumnType<number, number | boolean> };
}

const opened: BetterSqlite3.Database[] = [];

function open(maxStatements?: number) {
  const raw = new BetterSqlite3(':memory:');
  opened.push(raw);
  raw.exec('create table notes (id integer primary key, body text not null unique, pinned int)');
  const prepare = vi.spyOn(raw, 'prepare');
  const wrapped = sqliteStatements(raw, maxStatements);
  const db = new Kysely<Db>({ dialect: new SqliteDialect({ database: wrapped }) });
  return { raw, prepare, wrapped, db };
}

afterEach(() => {
  for (const raw of opened.splice(0)) if (raw.open) raw.close();
});

describe('sqlite statement cache', () => {
  it('prepares the same SQL once and hands back the same statement', () => {
    const { wrapped, prepare } = open();
    const first = wrapped.prepare('select 1 as one');
    const second = wrapped.prepare('select 1 as one');
    expect(second).toBe(first);
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(first.reader).toBe(true);
    expect(wrapped.prepare('delete from notes').reader).toBe(false);
    expect(first.all([])).toEqual([{ one: 1 }]);
  });

  it('runs a repeated Kysely query on one statement with fresh parameters each time', async () => {
    const { db, prepare } = open();
    await db.insertInto('notes').values({ body: 'a', pinned: 1 }).execute();
    await db.insertInto('notes').values({ body: 'b', pinned: 0 }).execute();
    const byBody = (body: string) =>
      db.selectFrom('notes').select(['id', 'body']).where('body', '=', body).executeTakeFirst();
    expect(await byBody('a')).toEqual({ id: 1, body: 'a' });
    expect(await byBody('b')).toEqual({ id: 2, body: 'b' });
    expect(await byBody('c')).toBeUndefined();
    // One insert statement and one select statement.
    expect(prepare).toHaveBeenCalledTimes(2);
  });

  it('binds booleans as 1 and 0', async () => {
    const { db } = open();
    await db.insertInto('notes').values({ body: 'x', pinned: true }).execute();
    const rows = await db
      .selectFrom('notes')
      .select('body')
      .where('pinned', '=', true as unknown as number)
      .execute();
    expect(rows).toEqual([{ body: 'x' }]);
  });

  it('keeps transactions and savepoints working, rolled back or committed, again and again', async () => {
    const { db, prepare } = open();
    for (let round = 0; round < 3; round++) {
      await db
        .transaction()
        .execute(async (trx) => {
          await trx
            .insertInto('notes')
            .values({ body: `lost ${round}`, pinned: 0 })
            .execute();
          throw new Error('roll back');
        })
        .catch(() => undefined);
      const trx = await db.startTransaction().execute();
      await trx
        .insertInto('notes')
        .values({ body: `kept ${round}`, pinned: 0 })
        .execute();
      const sp = await trx.savepoint('inner').execute();
      await sp
        .insertInto('notes')
        .values({ body: `undone ${round}`, pinned: 0 })
        .execute();
      await sp.rollbackToSavepoint('inner').execute();
      await trx.commit().execute();
    }
    const bodies = (await db.selectFrom('notes').select('body').orderBy('id').execute()).map(
      (r) => r.body,
    );
    expect(bodies).toEqual(['kept 0', 'kept 1', 'kept 2']);
    const preparedTexts = prepare.mock.calls.map(([text]) => text);
    expect(new Set(preparedTexts).size).toBe(preparedTexts.length);
  });

  it('reuses a statement after it failed on a constraint', async () => {
    const { db } = open();
    const insert = (body: string) => db.insertInto('notes').values({ body, pinned: 0 }).execute();
    await insert('same');
    await expect(insert('same')).rejects.toThrow(/UNIQUE/);
    await insert('other');
    expect(await db.selectFrom('notes').select('body').orderBy('id').execute()).toEqual([
      { body: 'same' },
      { body: 'other' },
    ]);
  });

  it('sees a schema change through a statement prepared before it', async () => {
    const { db, raw } = open();
    await db.insertInto('notes').values({ body: 'n', pinned: 0 }).execute();
    const all = () => sql<Record<string, unknown>>`select * from notes`.execute(db);
    expect((await all()).rows).toEqual([{ id: 1, body: 'n', pinned: 0 }]);
    raw.exec("alter table notes add column tag text not null default 't'");
    expect((await all()).rows).toEqual([{ id: 1, body: 'n', pinned: 0, tag: 't' }]);
  });

  it('does not keep SQL that fails to prepare', () => {
    const { wrapped, prepare } = open();
    expect(() => wrapped.prepare('select nope from nowhere')).toThrow(/no such table/);
    expect(() => wrapped.prepare('select nope from nowhere')).toThrow(/no such table/);
    expect(prepare).toHaveBeenCalledTimes(2);
  });

  it('keeps at most the bound, dropping the least recently used', () => {
    const { wrapped, prepare } = open(2);
    const a = wrapped.prepare('select 1');
    wrapped.prepare('select 2');
    expect(wrapped.prepare('select 1')).toBe(a); // a is now the most recent
    wrapped.prepare('select 3'); // drops select 2
    expect(wrapped.prepare('select 1')).toBe(a);
    expect(prepare).toHaveBeenCalledTimes(3);
    wrapped.prepare('select 2');
    expect(prepare).toHaveBeenCalledTimes(4);
  });

  it('streams on a statement of its own, so a cached one stays usable meanwhile', async () => {
    const { db, wrapped } = open();
    for (const body of ['a', 'b', 'c']) {
      await db.insertInto('notes').values({ body, pinned: 0 }).execute();
    }
    const text = 'select body from notes order by id';
    const stmt = wrapped.prepare(text);
    const seen: unknown[] = [];
    for (const row of stmt.iterate([])) {
      seen.push(row);
      expect(wrapped.prepare(text).all([])).toHaveLength(3);
    }
    expect(seen).toEqual([{ body: 'a' }, { body: 'b' }, { body: 'c' }]);
  });

  it('gives each connection its own cache', () => {
    const one = open();
    const two = open();
    expect(one.wrapped.prepare('select 1')).not.toBe(two.wrapped.prepare('select 1'));
  });
});
