/**
 * Bulk SQL for the demo data: large multi-row inserts on SQLite, one `unnest` per batch on
 * PostgreSQL, ids reserved up front so members and their images are written without updates.
 */
import { CompiledQuery, PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Gender } from '../../src/shared/contract/fields';
import type { Database, MemberStatus } from '../db/schema';

/** SQLite's default limit of bound parameters per statement (SQLITE_MAX_VARIABLE_NUMBER). */
const SQLITE_MAX_VARIABLES = 32_766;
/** Rows per PostgreSQL statement: arrays are one parameter each, so only memory limits this. */
const PG_ROWS_PER_STATEMENT = 20_000;
/** Any constant works; it only has to be the same for every process seeding this database. */
const SEED_LOCK_KEY = 7_262_026;

/** Every data table, children first, for a reset. */
const DATA_TABLES: readonly (keyof Database)[] = [
  'data_exports',
  'notifications',
  'blocks',
  'complaints',
  'payment_events',
  'transactions',
  'credit_ledger',
  'mail_outbox',
  'push_subscriptions',
  'messages',
  'conversation_members',
  'conversations',
  'client_actions',
  'likes',
  'tokens',
  'sessions',
  'images',
  'member_notes',
  'member_fields',
  // After the tables whose deletion moves the list counters (migration 014).
  'member_lists',
  'members',
];

/** Tables the seed fills, analysed afterwards so the planner knows their sizes. */
const SEEDED_TABLES: readonly (keyof Database)[] = [
  'members',
  'images',
  'member_fields',
  'member_notes',
];

/** A member as the seed writes it: every column the search and the profile read. */
export interface BulkMember {
  id: number;
  email: string;
  password_hash: string;
  name: string;
  status: MemberStatus;
  gender: string;
  date_of_birth: string;
  country: string;
  countryregion: number;
  city: string;
  language: string;
  personal: string;
  main_image_id: number;
  last_signup_step: boolean;
  credits: number;
  signup_date: number;
  last_active: number;
}

export interface BulkImage {
  id: number;
  member_id: number;
  filename: string;
  thumb_filename: string;
  width: number;
  height: number;
  created_at: number;
}

/** A profile field or note row. */
export interface BulkNameValue {
  member_id: number;
  name: string;
  value: string;
}

/** A column and its PostgreSQL array element type for `unnest`. */
type Columns<T> = readonly (readonly [keyof T & string, string])[];

const MEMBER_COLUMNS: Columns<BulkMember> = [
  ['id', 'bigint'],
  ['email', 'text'],
  ['password_hash', 'text'],
  ['name', 'text'],
  ['status', 'text'],
  ['gender', 'text'],
  ['date_of_birth', 'text'],
  ['country', 'text'],
  ['countryregion', 'integer'],
  ['city', 'text'],
  ['language', 'text'],
  ['personal', 'text'],
  ['main_image_id', 'bigint'],
  ['last_signup_step', 'boolean'],
  ['credits', 'integer'],
  ['signup_date', 'bigint'],
  ['last_active', 'bigint'],
];

const IMAGE_COLUMNS: Columns<BulkImage> = [
  ['id', 'bigint'],
  ['member_id', 'bigint'],
  ['filename', 'text'],
  ['thumb_filename', 'text'],
  ['width', 'integer'],
  ['height', 'integer'],
  ['created_at', 'bigint'],
];

const NAME_VALUE_COLUMNS: Columns<BulkNameValue> = [
  ['member_id', 'bigint'],
  ['name', 'text'],
  ['value', 'text'],
];

export class SeedRepository {
  private readonly postgres: boolean;

  constructor(private readonly db: Kysely<Database>) {
    this.postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  }

  async hasMembers(): Promise<boolean> {
    const row = await this.db.selectFrom('members').select('id').limit(1).executeTakeFirst();
    return row !== undefined;
  }

  async countMembers(): Promise<number> {
    const row = await this.db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A bigger page cache for SQLite's index inserts during a bulk load of this connection. */
  async prepareBulkLoad(): Promise<void> {
    if (!this.postgres) await sql`pragma cache_size = -262144`.execute(this.db);
  }

  async memberIdByEmail(email: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('members')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    return row?.id;
  }

  /** Password hashes of the accounts with these addresses that can still log in. */
  async loginHashes(emails: readonly string[]): Promise<{ email: string; hash: string }[]> {
    const rows = await this.db
      .selectFrom('members')
      .select(['email', 'password_hash'])
      .where('email', 'in', emails)
      .where('deleted_at', 'is', null)
      .where('status', '!=', 'banned')
      .execute();
    return rows.map((r) => ({ email: r.email, hash: r.password_hash }));
  }

  /** Active members of a country and gender, oldest ids first: the demo account's admirers. */
  async memberIdsFor(country: string, gender: Gender, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('members')
      .select('id')
      .where('country', '=', country)
      .where('gender', '=', gender)
      .where('status', '=', 'active')
      .where('email', 'not like', 'demo%@example.com')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Likes written as they are; seeding runs before any member could have acted. */
  async insertLikes(
    rows: readonly { from: number; to: number; isNew: boolean; at: number }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('likes')
      .values(
        rows.map((row) => ({
          member_id: row.from,
          profile_id: row.to,
          liked: true,
          is_new: row.isNew,
          last_client_seq: null,
          updated_at: row.at,
        })),
      )
      .execute();
  }

  /**
   * Holds off other seeders until the surrounding transaction ends: an advisory lock on
   * PostgreSQL; on SQLite a write that changes nothing, which takes the database's write lock.
   */
  async lockForSeeding(): Promise<void> {
    if (this.postgres) await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(this.db);
    else await sql`delete from members where id < 0`.execute(this.db);
  }

  /**
   * `count` new ids for a table. PostgreSQL draws them from the table's sequence; SQLite
   * continues after the highest id ever used (its AUTOINCREMENT bookkeeping included), which is
   * safe because the caller holds the write lock inside a transaction.
   */
  async reserveIds(table: 'members' | 'images', count: number): Promise<number[]> {
    if (count === 0) return [];
    if (this.postgres) {
      const { rows } = await sql<{ id: number }>`
        select nextval(pg_get_serial_sequence(${table}, 'id'))::bigint as id
        from generate_series(1, ${count})`.execute(this.db);
      return rows.map((r) => Number(r.id));
    }
    const { rows } = await sql<{ last: number | null }>`
      select max(coalesce((select max(id) from ${sql.table(table)}), 0),
                 coalesce((select seq from sqlite_sequence where name = ${table}), 0)) as last`.execute(
      this.db,
    );
    const first = Number(rows[0]?.last ?? 0) + 1;
    return Array.from({ length: count }, (_, i) => first + i);
  }

  insertMembers(rows: readonly BulkMember[]): Promise<void> {
    return this.insertMany('members', MEMBER_COLUMNS, rows);
  }

  insertImages(rows: readonly BulkImage[]): Promise<void> {
    return this.insertMany('images', IMAGE_COLUMNS, rows);
  }

  insertFields(rows: readonly BulkNameValue[]): Promise<void> {
    return this.insertMany('member_fields', NAME_VALUE_COLUMNS, rows);
  }

  insertNotes(rows: readonly BulkNameValue[]): Promise<void> {
    return this.insertMany('member_notes', NAME_VALUE_COLUMNS, rows);
  }

  /** The demo account's starting credits, booked in the ledger like any other grant. */
  async recordCreditGrant(memberId: number, delta: number, now: number): Promise<void> {
    await this.db
      .insertInto('credit_ledger')
      .values({ member_id: memberId, delta, reason: 'demo_grant', ref: null, created_at: now })
      .execute();
  }

  /** Empties every data table and restarts the ids; the schema and migrations stay. */
  async reset(): Promise<void> {
    if (this.postgres) {
      const tables = sql.join(DATA_TABLES.map((t) => sql.table(t)));
      await sql`truncate table ${tables} restart identity cascade`.execute(this.db);
      return;
    }
    // Without foreign key checks SQLite truncates each table at once instead of row by row.
    await sql`pragma foreign_keys = off`.execute(this.db);
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const table of DATA_TABLES) await trx.deleteFrom(table).execute();
        await sql`delete from sqlite_sequence`.execute(trx);
      });
    } finally {
      await sql`pragma foreign_keys = on`.execute(this.db);
    }
  }

  /**
   * Refreshes planner statistics after a bulk load, so searches use the search indexes. On
   * PostgreSQL it vacuums too: index-only counts need the visibility map, which autovacuum would
   * otherwise set only some time after the load.
   */
  async analyze(): Promise<void> {
    if (this.postgres) {
      const tables = sql.join(SEEDED_TABLES.map((t) => sql.table(t)));
      await sql`vacuum (analyze) ${tables}`.execute(this.db);
      return;
    }
    for (const table of SEEDED_TABLES) await sql`analyze ${sql.table(table)}`.execute(this.db);
  }

  /** Inserts rows in as few statements as the engine allows; callers hold a transaction. */
  private insertMany<T>(table: keyof Database, columns: Columns<T>, rows: readonly T[]) {
    return this.postgres
      ? this.insertManyPostgres(table, columns, rows)
      : this.insertManySqlite(table, columns, rows);
  }

  private async insertManyPostgres<T>(
    table: keyof Database,
    columns: Columns<T>,
    rows: readonly T[],
  ): Promise<void> {
    const names = sql.join(columns.map(([name]) => sql.ref(name)));
    for (let start = 0; start < rows.length; start += PG_ROWS_PER_STATEMENT) {
      const batch = rows.slice(start, start + PG_ROWS_PER_STATEMENT);
      const arrays = columns.map(
        ([name, type]) => sql`${batch.map((row) => row[name])}::${sql.raw(type)}[]`,
      );
      await sql`insert into ${sql.table(table)} (${names})
        select * from unnest(${sql.join(arrays)})`.execute(this.db);
    }
  }

  /**
   * Multi-row inserts of as many rows as SQLite binds parameters for. Building such a statement
   * with Kysely costs more than running it, so only its text is made (once per table for full
   * statements) and it runs with a flat parameter list; the connection keeps each text prepared.
   */
  private async insertManySqlite<T>(
    table: keyof Database,
    columns: Columns<T>,
    rows: readonly T[],
  ): Promise<void> {
    const perStatement = Math.floor(SQLITE_MAX_VARIABLES / columns.length);
    for (let start = 0; start < rows.length; start += perStatement) {
      const end = Math.min(rows.length, start + perStatement);
      const params: unknown[] = [];
      for (let i = start; i < end; i++) {
        const row = rows[i] as T;
        for (const [name] of columns) {
          const value = row[name];
          // better-sqlite3 binds no booleans; SQLite stores them as 1 and 0.
          params.push(typeof value === 'boolean' ? Number(value) : value);
        }
      }
      const full = end - start === perStatement;
      let text = full ? fullInsertTexts.get(table) : undefined;
      if (text === undefined) {
        text = this.sqliteInsertText(table, columns, end - start);
        if (full) fullInsertTexts.set(table, text);
      }
      await this.db.executeQuery(CompiledQuery.raw(text, params));
    }
  }

  /**
   * `insert or fail`, not SQLite's default `abort`: to undo just the failing statement, abort
   * first copies every page a multi-row insert changes to a statement journal, and random search
   * index keys make that most pages of those indexes. Fail keeps the rows before the bad one,
   * which changes nothing here: the caller's transaction rolls back on any error.
   */
  private sqliteInsertText<T>(table: keyof Database, columns: Columns<T>, rowCount: number) {
    const names = sql.join(columns.map(([name]) => sql.ref(name)));
    const row = `(${columns.map(() => '?').join(',')})`;
    const values = sql.raw(Array<string>(rowCount).fill(row).join(','));
    return sql`insert or fail into ${sql.table(table)} (${names}) values ${values}`.compile(this.db)
      .sql;
  }
}

/** SQLite inserts of a full statement's rows by table (its columns fix the row count). */
const fullInsertTexts = new Map<keyof Database, string>();
