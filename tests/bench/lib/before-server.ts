/**
 * An earlier commit's server on the API part's seeded data, for a before-and-after in one run.
 * Kysely's migrator refuses to start on a database holding a migration its code does not know
 * (this commit's newer ones), so their rows in `kysely_migration` are set aside while the earlier
 * server starts and put back once it runs; their schema changes are additive (server/README.md,
 * "a migration must work with the previous release"), so the earlier code runs on them as it
 * would during a rolling restart.
 */
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { migrations } from '../../../server/migrations/index';
import { compiledRevision, run, startServer, type Running } from './processes';

interface Bookkeeping {
  /** Removes the rows of these migrations and resolves with them, to put back later. */
  take(names: string[]): Promise<unknown[][]>;
  restore(rows: unknown[][]): Promise<void>;
}

function sqliteBookkeeping(file: string): Bookkeeping {
  return {
    take: async (names) => {
      const db = new BetterSqlite3(file);
      try {
        const marks = names.map(() => '?').join(', ');
        const rows = db
          .prepare(`select name, timestamp from kysely_migration where name in (${marks})`)
          .raw()
          .all(...names) as unknown[][];
        db.prepare(`delete from kysely_migration where name in (${marks})`).run(...names);
        return rows;
      } finally {
        db.close();
      }
    },
    restore: async (rows) => {
      const db = new BetterSqlite3(file);
      try {
        const insert = db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)');
        for (const row of rows) insert.run(...row);
      } finally {
        db.close();
      }
    },
  };
}

function postgresBookkeeping(url: string): Bookkeeping {
  const query = async (text: string, values: unknown[]) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query({ text, values, rowMode: 'array' })).rows as unknown[][];
    } finally {
      await client.end();
    }
  };
  return {
    take: (names) =>
      query('delete from kysely_migration where name = any($1) returning name, timestamp', [names]),
    restore: async (rows) => {
      for (const row of rows) {
        await query('insert into kysely_migration (name, timestamp) values ($1, $2)', row);
      }
    },
  };
}

/** The migration names of `revision`'s server/migrations/index.ts. */
async function migrationsOf(revision: string): Promise<Set<string>> {
  const source = await run('git', ['show', `${revision}:server/migrations/index.ts`]);
  return new Set(
    [...source.matchAll(/'(\d{4}-\d{2}-\d{2}-\d{3}-[a-z0-9-]+)':/g)].map((m) => m[1]!),
  );
}

/** Starts `revision`'s compiled server on a seeded server's data (SQLite, or PostgreSQL by URL). */
export async function startRevisionServer(
  revision: string,
  dataDir: string,
  databaseUrl: string,
  env: NodeJS.ProcessEnv = {},
): Promise<Running> {
  const main = await compiledRevision(revision);
  const known = await migrationsOf(revision);
  const newer = Object.keys(migrations).filter((name) => !known.has(name));
  const bookkeeping = databaseUrl
    ? postgresBookkeeping(databaseUrl)
    : sqliteBookkeeping(join(dataDir, 'app.db'));
  const rows = newer.length > 0 ? await bookkeeping.take(newer) : [];
  try {
    return await startServer(
      dataDir,
      { ...env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
      { main },
    );
  } finally {
    if (rows.length > 0) await bookkeeping.restore(rows);
  }
}
