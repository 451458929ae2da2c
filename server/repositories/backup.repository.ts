/**
 * The SQL of `npm run admin -- backup|restore`: the schema version, the row counts a manifest
 * records, SQLite's VACUUM INTO, and PostgreSQL's exported snapshot and catalog checks.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The tables whose row counts a backup records and a restore checks: the site's own content. */
export const COUNTED_TABLES = [
  'members',
  'images',
  'likes',
  'blocks',
  'conversations',
  'messages',
  'transactions',
  'credit_ledger',
  'complaints',
  'data_exports',
  'sessions',
] as const satisfies readonly (keyof Database)[];

/** Rows per counted table. */
export type RowCounts = Record<(typeof COUNTED_TABLES)[number], number>;

/** What one consistent read of the database says about it. */
export interface DatabaseFacts {
  /** Name of the newest migration applied; null when none ever ran. */
  schemaVersion: string | null;
  rows: RowCounts;
}

/** A PostgreSQL snapshot exported for pg_dump, and what it holds. */
export interface PostgresSnapshot extends DatabaseFacts {
  /** pg_export_snapshot()'s id, valid while the callback of `inPostgresSnapshot` runs. */
  id: string;
  /** current_schema(): the schema the site's tables live in. */
  schema: string;
}

/** Reads and copies for backups; SQLite-only and PostgreSQL-only methods say so. */
export class BackupRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The schema version and row counts, read in one transaction so they agree with each other. */
  async facts(): Promise<DatabaseFacts> {
    return this.db.transaction().execute((trx) => new BackupRepository(trx).readFacts());
  }

  /** Newest migration applied (names sort by date); null before the first migration. */
  async schemaVersion(): Promise<string | null> {
    // Probed in the catalog: a failed query would abort the PostgreSQL snapshot transaction.
    const { rows: found } = this.postgres()
      ? await sql<{ n: number }>`
          select count(*) as n where to_regclass('kysely_migration') is not null`.execute(this.db)
      : await sql<{ n: number }>`
          select count(*) as n from sqlite_master
          where type = 'table' and name = 'kysely_migration'`.execute(this.db);
    if (Number(found[0]?.n ?? 0) === 0) return null;
    const { rows } = await sql<{ name: string }>`
      select name from kysely_migration order by name desc limit 1`.execute(this.db);
    return rows[0]?.name ?? null;
  }

  /** SQLite: writes a consistent copy of the whole database to `file` in one read transaction. */
  async vacuumInto(file: string): Promise<void> {
    await sql`vacuum into ${file}`.execute(this.db);
  }

  /**
   * PostgreSQL: holds a repeatable-read transaction whose snapshot pg_dump can share (--snapshot),
   * so the dump and the counts in the manifest are the same moment of the database.
   */
  async inPostgresSnapshot<T>(work: (snapshot: PostgresSnapshot) => Promise<T>): Promise<T> {
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const { rows } = await sql<{ id: string; schema: string }>`
          select pg_export_snapshot() as id, current_schema() as schema`.execute(trx);
        const exported = rows[0];
        if (!exported?.schema) throw new Error('The database has no current schema');
        const facts = await new BackupRepository(trx).readFacts();
        return work({ ...exported, ...facts });
      });
  }

  /** PostgreSQL: tables, sequences, views and indexes in `schema` (0 for a missing schema). */
  async relationsIn(schema: string): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      select count(*) as n from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      where ns.nspname = ${schema}`.execute(this.db);
    return Number(rows[0]?.n ?? 0);
  }

  /** PostgreSQL: the schema a restore writes into, made when missing. */
  async ensureSchema(schema: string): Promise<void> {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(this.db);
  }

  /** PostgreSQL: fresh planner statistics for every table of `schema`, which a restore lacks. */
  async analyze(schema: string): Promise<void> {
    const { rows } = await sql<{ name: string }>`
      select tablename as name from pg_catalog.pg_tables where schemaname = ${schema}`.execute(
      this.db,
    );
    for (const { name } of rows) await sql`analyze ${sql.id(schema, name)}`.execute(this.db);
  }

  private postgres(): boolean {
    return this.db.getExecutor().adapter instanceof PostgresAdapter;
  }

  private async readFacts(): Promise<DatabaseFacts> {
    const schemaVersion = await this.schemaVersion();
    const rows = {} as RowCounts;
    for (const table of COUNTED_TABLES) {
      const { rows: counted } = schemaVersion
        ? await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(this.db)
        : { rows: [] };
      rows[table] = Number(counted[0]?.n ?? 0);
    }
    return { schemaVersion, rows };
  }
}
