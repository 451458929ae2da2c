/**
 * The better-sqlite3 connection as Kysely's SqliteDialect sees it, with two changes: prepared
 * statements are kept in a bounded LRU keyed by SQL text (Kysely prepares on every query, and
 * preparing costs as much as running the small queries this API makes), and JS booleans are bound
 * as 1/0 (better-sqlite3 refuses them).
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct SQL texts kept prepared per connection; `in (…)` lists of every length make many. */
export const STATEMENT_CACHE_SIZE = 500;

/** better-sqlite3 refuses JS booleans as parameters; SQLite stores them as 1/0. */
function bindable(params: ReadonlyArray<unknown>): ReadonlyArray<unknown> {
  if (!params.some((p) => typeof p === 'boolean')) return params;
  return params.map((p) => (typeof p === 'boolean' ? (p ? 1 : 0) : p));
}

/** Wraps one connection; the cache belongs to it and goes when it closes. */
export function sqliteStatements(
  raw: BetterSqlite3.Database,
  maxStatements = STATEMENT_CACHE_SIZE,
): SqliteDatabase {
  // A Map iterates in insertion order: a hit moves its entry to the end, so the first is the coldest.
  const cache = new Map<string, SqliteStatement>();

  const wrap = (sql: string, stmt: BetterSqlite3.Statement): SqliteStatement => ({
    reader: stmt.reader,
    all: (params) => stmt.all(bindable(params)),
    run: (params) => stmt.run(bindable(params)),
    // An open iterator keeps its statement busy (better-sqlite3 then refuses all/run on it), so a
    // stream gets a statement of its own.
    iterate: (params) => raw.prepare(sql).iterate(bindable(params)),
  });

  return {
    close() {
      cache.clear();
      raw.close();
    },
    prepare(sql: string): SqliteStatement {
      const hit = cache.get(sql);
      if (hit) {
        cache.delete(sql);
        cache.set(sql, hit);
        return hit;
      }
      // A statement that fails to prepare (bad SQL, missing table) throws here and is not kept.
      const stmt = wrap(sql, raw.prepare(sql));
      cache.set(sql, stmt);
      if (cache.size > maxStatements) cache.delete(cache.keys().next().value as string);
      return stmt;
    },
  };
}
