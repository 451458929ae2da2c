/**
 * `members.revision`: a counter that moves with every write to what the member's own user object
 * (GET /api/user.php) shows: their members row (every column but `last_active`, which only orders
 * search), their photos, profile fields and notes, and their tokens (a pending e-mail change).
 * Database triggers move it, so no code path can forget to, and every server instance sees the
 * same counter: the user poll answers 304 from it without building or hashing the answer.
 * Compatible with the release before it: that release never reads the column, and its writes
 * move the counter all the same.
 */
import { sql, type Kysely } from 'kysely';

type Db = Kysely<unknown>;

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

/** The members columns a user object shows or depends on: all but last_active and revision. */
export const SHOWN_COLUMNS = [
  'email',
  'password_hash',
  'name',
  'status',
  'gender',
  'date_of_birth',
  'country',
  'countryregion',
  'city',
  'language',
  'personal',
  'main_image_id',
  'last_signup_step',
  'paid_user',
  'credits',
  'mailprovider',
  'fictional',
  'trafficsource',
  'referrer',
  'timezone',
  'signup_date',
  'deleted_at',
  'premium_until',
  'premium_allowance_at',
  'credit_debt',
  'role',
  'search_hidden',
  'lander_opt_out',
];

/** Tables whose rows belong to one member (`member_id`) and show in their user object. */
const OWNED_TABLES = ['images', 'member_fields', 'member_notes', 'tokens'];

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('members')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const columns = sql.raw(SHOWN_COLUMNS.join(', '));
  if (isPostgres(db)) {
    await sql`create or replace function amora_member_revision() returns trigger as $$
      begin
        new.revision := old.revision + 1;
        return new;
      end $$ language plpgsql`.execute(db);
    await sql`create trigger members_revision before update of ${columns} on members
      for each row execute function amora_member_revision()`.execute(db);
    await sql`create or replace function amora_owner_revision() returns trigger as $$
      begin
        update members set revision = revision + 1
          where id = (case when tg_op = 'DELETE' then old.member_id else new.member_id end);
        return null;
      end $$ language plpgsql`.execute(db);
    for (const table of OWNED_TABLES) {
      await sql`create trigger ${sql.raw(`${table}_owner_revision`)}
        after insert or update or delete on ${sql.table(table)}
        for each row execute function amora_owner_revision()`.execute(db);
    }
    return;
  }
  await sql`create trigger members_revision after update of ${columns} on members
    begin
      update members set revision = revision + 1 where id = new.id;
    end`.execute(db);
  for (const table of OWNED_TABLES) {
    for (const [event, row] of [
      ['insert', 'new'],
      ['update', 'new'],
      ['delete', 'old'],
    ] as const) {
      await sql`create trigger ${sql.raw(`${table}_owner_revision_${event}`)}
        after ${sql.raw(event)} on ${sql.table(table)}
        begin
          update members set revision = revision + 1 where id = ${sql.raw(row)}.member_id;
        end`.execute(db);
    }
  }
}

export async function down(db: Db): Promise<void> {
  if (isPostgres(db)) {
    for (const table of OWNED_TABLES) {
      await sql`drop trigger ${sql.raw(`${table}_owner_revision`)} on ${sql.table(table)}`.execute(
        db,
      );
    }
    await sql`drop trigger members_revision on members`.execute(db);
    await sql`drop function amora_owner_revision()`.execute(db);
    await sql`drop function amora_member_revision()`.execute(db);
  } else {
    for (const table of OWNED_TABLES) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql`drop trigger ${sql.raw(`${table}_owner_revision_${event}`)}`.execute(db);
      }
    }
    await sql`drop trigger members_revision`.execute(db);
  }
  await db.schema.alterTable('members').dropColumn('revision').execute();
}
