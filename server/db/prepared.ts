/**
 * Hot-path queries built once. Kysely builds and compiles a query on every call, which costs more
 * than SQLite takes to answer a primary-key read (about 35 µs against 9 µs on the bench machine).
 * A prepared query runs its builder once per database engine with placeholders in place of the
 * arguments, keeps the compiled SQL, and runs it with each call's values: the same SQL, the same
 * parameters, bound the same way; only the building is skipped. On PostgreSQL the statement is also
 * named, so the server parses and plans it once per connection (hot-statements.ts).
 */
import { createQueryId, type Compilable, type CompiledQuery, type Kysely } from 'kysely';
import { markHot } from './hot-statements';
import type { Database } from './schema';

/** Stands in for one named argument while the builder runs; found again among the parameters. */
class Placeholder {
  constructor(readonly name: string) {}
}

interface Compiled<R> {
  query: CompiledQuery<R>;
  /** Per compiled parameter: the argument it takes, or null for a value fixed in the builder. */
  slots: (string | null)[];
}

/** A query of named arguments, compiled once per engine. */
export interface PreparedQuery<A extends object, R> {
  all(db: Kysely<Database>, args: A): Promise<R[]>;
  first(db: Kysely<Database>, args: A): Promise<R | undefined>;
}

/**
 * Prepares `build`. It must use each argument only as a value (a comparison operand, a limit, an
 * inserted value), never to decide the query's shape: it runs once, with placeholders. An argument
 * that does not reach the parameters (read in an `if`, turned into a string) throws on first use.
 */
export function prepared<A extends object, R>(
  build: (db: Kysely<Database>, args: A) => Compilable<R>,
): PreparedQuery<A, R> {
  // Compiled SQL differs per engine (`?` or `$1`), so it is kept per adapter; a transaction shares
  // its database's adapter and so its compiled queries.
  const byAdapter = new WeakMap<object, Compiled<R>>();

  const compiledFor = (db: Kysely<Database>): Compiled<R> => {
    const adapter = db.getExecutor().adapter;
    let compiled = byAdapter.get(adapter);
    if (!compiled) {
      compiled = compile(db, build);
      byAdapter.set(adapter, compiled);
    }
    return compiled;
  };

  const all = async (db: Kysely<Database>, args: A): Promise<R[]> => {
    const { query, slots } = compiledFor(db);
    const values = args as Record<string, unknown>;
    const parameters = slots.map((slot, i) => (slot === null ? query.parameters[i] : values[slot]));
    // A fresh query id per run, as Kysely gives each built query (plugins key their state by it).
    const result = await db.executeQuery<R>({ ...query, parameters, queryId: createQueryId() });
    return result.rows;
  };

  return {
    all,
    first: async (db, args) => (await all(db, args))[0],
  };
}

function compile<A extends object, R>(
  db: Kysely<Database>,
  build: (db: Kysely<Database>, args: A) => Compilable<R>,
): Compiled<R> {
  const used = new Set<string>();
  const placeholders = new Proxy({} as A, {
    get(_target, name) {
      if (typeof name !== 'string') throw new Error('prepared query: arguments are named');
      used.add(name);
      return new Placeholder(name);
    },
  });
  const query = build(db, placeholders).compile();
  markHot(query.sql);
  const slots = query.parameters.map((p) => (p instanceof Placeholder ? p.name : null));
  for (const name of used) {
    if (!slots.includes(name)) {
      throw new Error(`prepared query: argument "${name}" shapes the query instead of filling it`);
    }
  }
  return { query, slots };
}
