/**
 * The floor's search statements: the site's own search SQL (the same page and count statements,
 * so the same plans), compiled once per filter and second, and run by the floor's bare driver.
 */
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { Database } from '../../../server/db/schema';
import {
  SearchRepository,
  type SearchFilter,
} from '../../../server/repositories/search.repository';

/** A statement's text and values. */
export interface Statement {
  sql: string;
  params: unknown[];
}

function compilerOnly(postgres: boolean): SearchRepository {
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => (postgres ? new PostgresAdapter() : new SqliteAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) =>
        postgres ? new PostgresIntrospector(k) : new SqliteIntrospector(k),
      createQueryCompiler: () =>
        postgres ? new PostgresQueryCompiler() : new SqliteQueryCompiler(),
    },
  });
  return new SearchRepository(db);
}

const repositories = { sqlite: compilerOnly(false), postgres: compilerOnly(true) };
const compiled = new Map<string, { at: number; page: Statement; count: Statement }>();

/** The page and count statements of `filter`; `now` (the premium badge) is at most a second old. */
export function searchStatements(postgres: boolean, filter: SearchFilter) {
  const key = `${postgres}|${JSON.stringify(filter)}`;
  const now = Date.now();
  let hit = compiled.get(key);
  if (!hit || now - hit.at > 1000) {
    const { page, count } = (postgres ? repositories.postgres : repositories.sqlite).compile(
      filter,
      now,
    );
    hit = {
      at: now,
      page: { sql: page.sql, params: [...page.parameters] },
      count: { sql: count.sql, params: [...count.parameters] },
    };
    compiled.set(key, hit);
  }
  return hit;
}
