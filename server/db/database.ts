/**
 * Opens the database: SQLite in `<dataDir>/app.db` by default, PostgreSQL for a postgres:// URL.
 * One Kysely type for both, so repositories and migrations never branch on the engine for plain SQL.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  sql,
  type MigrationResultSet,
} from 'kysely';
import pg from 'pg';
import { migrations } from '../migrations/index';
import { nameHotStatements } from './pg-hot-client';
import type { Database } from './schema';
import { sqliteStatements } from './sqlite-statements';

/** The two database engines one set of migrations and repositories supports. */
export type Engine = 'sqlite' | 'postgres';

/** What `createDatabase` opens: the query builder, which engine it talks to and how to close it. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /** PostgreSQL's connection pool, for its gauges; SQLite has one connection and no pool. */
  pool?: PoolStats;
  close(): Promise<void>;
}

/** What a pg pool says about its connections (all live values). */
export interface PoolStats {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

/** Where the database is: a PostgreSQL URL (and schema) or a folder for the SQLite file. */
export interface DatabaseOptions {
  /** postgres:// or postgresql:// selects PostgreSQL; empty or absent selects SQLite. */
  databaseUrl?: string;
  /** Folder of the SQLite file; created when missing. */
  dataDir: string;
  /** PostgreSQL schema to use as search_path (it must exist); tests isolate themselves this way. */
  schema?: string;
}

const PG_INT8_OID = 20;
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/i;

/** The engine a DATABASE_URL selects. */
export function engineFor(databaseUrl: string | undefined): Engine {
  if (!databaseUrl) return 'sqlite';
  if (/^postgres(ql)?:\/\//i.test(databaseUrl)) return 'postgres';
  throw new Error('DATABASE_URL must start with postgres:// (leave it empty for SQLite)');
}

/** Opens the database; run `migrateToLatest` before the first query. */
export function createDatabase(opts: DatabaseOptions): DatabaseHandle {
  const engine = engineFor(opts.databaseUrl);
  const pool =
    engine === 'postgres' ? postgresPool(opts.databaseUrl ?? '', opts.schema) : undefined;
  const db = new Kysely<Database>({
    dialect: pool ? new PostgresDialect({ pool }) : sqliteDialect(opts.dataDir),
  });
  let closed = false;
  return {
    db,
    engine,
    pool,
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

/**
 * How long migrating is tried again while other schemas keep changing under the catalog read: a
 * time, not a count, since a busy database with many schemas changing (one per test file) lost
 * five quick tries in a row. Each try changed nothing, so trying again is always safe.
 */
const MIGRATE_RACE_WAIT_MS = 60_000;
/** The pause before the next try, times the tries so far up to MIGRATE_RETRY_MAX_MS. */
const MIGRATE_RETRY_MS = 20;
const MIGRATE_RETRY_MAX_MS = 500;

/**
 * Runs every pending migration; throws with the failing migration's error. Server instances that
 * start together migrate once: the others wait for the lock, then find nothing left to do.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return migrateSqlite(db);
  return migratePostgres(db, (migrator) => migrator.migrateToLatest());
}

/**
 * Runs the migrations up to and including `name` (PostgreSQL; tests of a later migration start
 * from the schema of an earlier release). Throws like migrateToLatest.
 */
export async function migratePostgresTo(
  db: Kysely<Database>,
  name: string,
): Promise<MigrationResultSet> {
  return migratePostgres(db, (migrator) => migrator.migrateTo(name));
}

async function migratePostgres(
  db: Kysely<Database>,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<MigrationResultSet> {
  const schema = await currentPostgresSchema(db);
  // Kysely serialises PostgreSQL migrators with an advisory lock and runs them in one transaction.
  const migrator = migratorOn(db, schema);
  const giveUpAt = Date.now() + MIGRATE_RACE_WAIT_MS;
  for (let attempt = 1; ; attempt += 1) {
    const result = await run(migrator);
    if (!result.error) return result;
    if (Date.now() > giveUpAt || !catalogReadRaced(result, schema)) throw result.error;
    const pause = Math.min(MIGRATE_RETRY_MS * attempt, MIGRATE_RETRY_MAX_MS);
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/**
 * Whether a migration run failed while Kysely read the catalog, before any migration ran (it then
 * reports no results), because another schema of the database changed under that read: dropped
 * (otherSchemaDropped), or a table or column of it gone meanwhile (42P01, 42703), as when another
 * test file migrates its own schema at that moment. Nothing was changed yet, so reading again is safe.
 */
function catalogReadRaced(result: MigrationResultSet, schema: string | undefined): boolean {
  if (result.results !== undefined) return false;
  const code = (result.error as { code?: unknown } | null)?.code;
  return otherSchemaDropped(result.error, schema) || code === '42P01' || code === '42703';
}

function migratorOn(db: Kysely<Database>, schema: string | undefined): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    // Kysely looks for its bookkeeping tables in every schema unless told which one; name ours so a
    // database holding several schemas (one per test file) migrates each of them.
    migrationTableSchema: schema,
  });
}

/** How long a second process waits in all for another's SQLite migrations (each try busy_timeout). */
const SQLITE_MIGRATE_WAIT_MS = 10 * 60_000;

/**
 * Kysely takes no lock on SQLite (its adapter counts on one connection per process) and runs the
 * migrations outside a transaction, so two processes on one file would both run them. Here they run
 * inside one BEGIN IMMEDIATE, which holds the file's write lock: another process waits for it and
 * then finds them recorded, and a failing migration leaves nothing half done.
 */
async function migrateSqlite(db: Kysely<Database>): Promise<MigrationResultSet> {
  return db.connection().execute(async (conn) => {
    const giveUpAt = Date.now() + SQLITE_MIGRATE_WAIT_MS;
    for (;;) {
      try {
        await sql`begin immediate`.execute(conn);
        break;
      } catch (err) {
        // busy_timeout already waited; another process is still migrating (or writing).
        if ((err as { code?: unknown }).code !== 'SQLITE_BUSY' || Date.now() > giveUpAt) throw err;
      }
    }
    let result: MigrationResultSet;
    try {
      result = await migratorOn(conn, undefined).migrateToLatest();
    } catch (err) {
      await sql`rollback`.execute(conn);
      throw err;
    }
    if (result.error) {
      await sql`rollback`.execute(conn);
      throw result.error;
    }
    await sql`commit`.execute(conn);
    return result;
  });
}

/**
 * Kysely's migrator reads the tables of every schema of the database to find its own. A schema
 * that someone else drops meanwhile fails that read ("schema … does not exist", 3F000) before
 * anything was changed, so reading again is safe; our own schema missing is a real error.
 */
export function otherSchemaDropped(error: unknown, schema: string | undefined): boolean {
  if (schema === undefined || typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '3F000' && typeof message === 'string' && !message.includes(`"${schema}"`);
}

/** The schema new tables land in (first of search_path) on PostgreSQL; undefined on SQLite. */
async function currentPostgresSchema(db: Kysely<Database>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

function sqliteDialect(dataDir: string): SqliteDialect {
  mkdirSync(dataDir, { recursive: true });
  const raw = new BetterSqlite3(join(dataDir, 'app.db'));
  // First, so that switching a new file to WAL waits for a second process opening it too.
  raw.pragma('busy_timeout = 5000');
  raw.pragma('journal_mode = WAL');
  raw.pragma('foreign_keys = ON');
  // WAL + NORMAL survives a killed process; only an OS crash can lose the last commits.
  raw.pragma('synchronous = NORMAL');
  return new SqliteDialect({ database: sqliteStatements(raw) });
}

function postgresPool(connectionString: string, schema: string | undefined): pg.Pool {
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new Error(`Invalid PostgreSQL schema name: ${schema}`);
  }
  const pool = new pg.Pool({
    connectionString,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
    // int8 (bigint timestamps, bigserial ids, count(*)) as JS numbers; epoch ms fit in 2^53.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8_OID
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  pool.on('connect', nameHotStatements);
  return pool;
}
