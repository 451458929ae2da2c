/**
 * `member_lists`: two counters per member, moved with every write to what their likes lists
 * (GET /api/likes.php) and their chat list (GET /api/chats.php) show, so an unchanged poll of
 * either is answered 304 without building or hashing the answer (services/list-etag.ts).
 *
 * Unlike the user object these lists show other members, so one write moves the counters of
 * everyone it concerns: a like both members', a block both, a message both seats', and a change
 * to a member's card (name, age, place, language, photo, visibility, premium) every member who
 * likes them, whom they like, or who talks with them. Database triggers do it, so no code path
 * can forget, and every server instance reads the same counters.
 *
 * A table of its own rather than columns of `members`: a chat message already locks the
 * sender's members row (the credits), and bumping the receiver's members row too would let two
 * members writing to each other at once deadlock on PostgreSQL. Each trigger moves its members'
 * counters in one statement, in id order. A member without a row has both counters at 0.
 *
 * Compatible with the release before it: that release never reads the table, and its writes
 * move the counters all the same.
 */
import { sql, type Kysely } from 'kysely';

type Db = Kysely<unknown>;

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

/** The members columns a profile card shows or that decide whether it is shown at all. */
export const CARD_COLUMNS = [
  'name',
  'date_of_birth',
  'city',
  'country',
  'language',
  'main_image_id',
  'status',
  'deleted_at',
];

type Event = 'insert' | 'update' | 'delete';

/**
 * One trigger: on which writes of `table` it fires, and whose counters it moves. `affected`
 * selects `(id, likes, chats)` rows, 1 for a counter to move, from the written row `r`; `guard`
 * (of `r`) leaves writes that change nothing shown.
 */
interface ListTrigger {
  /** Names the trigger (and its function); the table's name unless a table has two. */
  name: string;
  table: string;
  events: Event[];
  /** Updates of these columns only, and only when one of them really changed. */
  columns?: string[];
  affected: (r: string) => string;
  guard?: (r: string) => string;
}

/** Every member who likes `id` or whom `id` likes: their likes lists show `id`'s card. */
const likesRelated = (id: string) => `
  select member_id as id, 1 as likes, 0 as chats from likes where profile_id = ${id}
  union all select profile_id, 1, 0 from likes where member_id = ${id}`;

/** Those, and every member who has a conversation with `id`. */
const relatedTo = (id: string) => `${likesRelated(id)}
  union all select member_a, 0, 1 from conversations where member_b = ${id}
  union all select member_b, 0, 1 from conversations where member_a = ${id}`;

const TRIGGERS: ListTrigger[] = [
  {
    name: 'likes',
    table: 'likes',
    events: ['insert', 'update', 'delete'],
    columns: ['liked', 'is_new', 'updated_at'],
    affected: (r) => `select ${r}.member_id as id, 1 as likes, 0 as chats
      union all select ${r}.profile_id, 1, 0`,
  },
  {
    // A block hides each member from the other's lists.
    name: 'blocks',
    table: 'blocks',
    events: ['insert', 'delete'],
    affected: (r) => `select ${r}.member_id as id, 1 as likes, 1 as chats
      union all select ${r}.blocked_id, 1, 1`,
  },
  {
    name: 'conversations',
    table: 'conversations',
    events: ['insert', 'update', 'delete'],
    columns: ['updated_at', 'last_message_id'],
    affected: (r) => `select ${r}.member_a as id, 0 as likes, 1 as chats
      union all select ${r}.member_b, 0, 1`,
  },
  {
    // A seat shows in its own member's list only: the unread count, and whether it was deleted.
    name: 'conversation_members',
    table: 'conversation_members',
    events: ['insert', 'update', 'delete'],
    columns: ['unread', 'deleted_at'],
    affected: (r) => `select ${r}.member_id as id, 0 as likes, 1 as chats`,
  },
  {
    name: 'members',
    table: 'members',
    events: ['update'],
    columns: CARD_COLUMNS,
    affected: (r) => relatedTo(`${r}.id`),
  },
  {
    // Only likes lists show the premium badge; the member's own list changes with their premium
    // too (who is named), so they are in it.
    name: 'members_premium',
    table: 'members',
    events: ['update'],
    columns: ['premium_until'],
    affected: (r) =>
      `select ${r}.id as id, 1 as likes, 0 as chats union all ${likesRelated(`${r}.id`)}`,
  },
  {
    // A card shows its member's main photo while it is approved.
    name: 'images',
    table: 'images',
    events: ['update', 'delete'],
    columns: ['review', 'thumb_filename'],
    affected: (r) => relatedTo(`${r}.member_id`),
    guard: (r) =>
      `exists (select 1 from members where members.id = ${r}.member_id and members.main_image_id = ${r}.id)`,
  },
];

/** The upsert that moves the counters of the rows `affected` selects, once per member. */
function moveCounters(affected: string, guard: string | undefined, ordered: boolean): string {
  return `insert into member_lists (member_id, likes_revision, chats_revision)
    select id, max(likes), max(chats) from (${affected}) as moved
    where id is not null${guard ? ` and ${guard}` : ''}
    group by id${ordered ? ' order by id' : ''}
    on conflict (member_id) do update set
      likes_revision = member_lists.likes_revision + excluded.likes_revision,
      chats_revision = member_lists.chats_revision + excluded.chats_revision`;
}

function changed(columns: string[], distinct: string): string {
  return columns.map((c) => `old.${c} ${distinct} new.${c}`).join(' or ');
}

const postgresName = (t: ListTrigger) => `${t.name}_lists`;
const sqliteName = (t: ListTrigger, event: Event) => `${t.name}_lists_${event}`;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('member_lists')
    .addColumn('member_id', 'integer', (c) => c.primaryKey())
    .addColumn('likes_revision', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('chats_revision', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (isPostgres(db)) {
    for (const t of TRIGGERS) {
      // Ordered by id, so two transactions never take the same counters' locks in opposite order.
      await sql`create or replace function ${sql.raw(`amora_${postgresName(t)}`)}()
        returns trigger as $$
        declare r record;
        begin
          if tg_op = 'DELETE' then r := old; else r := new; end if;
          ${sql.raw(moveCounters(t.affected('r'), t.guard?.('r'), true))};
          return null;
        end $$ language plpgsql`.execute(db);
      for (const event of t.events) {
        const of = event === 'update' && t.columns ? ` of ${t.columns.join(', ')}` : '';
        const when =
          event === 'update' && t.columns
            ? ` when (${changed(t.columns, 'is distinct from')})`
            : '';
        await sql`create trigger ${sql.raw(`${postgresName(t)}_${event}`)}
          after ${sql.raw(event + of)} on ${sql.table(t.table)}
          for each row${sql.raw(when)} execute function ${sql.raw(`amora_${postgresName(t)}`)}()`.execute(
          db,
        );
      }
    }
    return;
  }
  for (const t of TRIGGERS) {
    for (const event of t.events) {
      const r = event === 'delete' ? 'old' : 'new';
      const of = event === 'update' && t.columns ? ` of ${t.columns.join(', ')}` : '';
      const when = event === 'update' && t.columns ? ` when ${changed(t.columns, 'is not')}` : '';
      await sql`create trigger ${sql.raw(sqliteName(t, event))}
        after ${sql.raw(event + of)} on ${sql.table(t.table)}${sql.raw(when)}
        begin
          ${sql.raw(moveCounters(t.affected(r), t.guard?.(r), false))};
        end`.execute(db);
    }
  }
}

export async function down(db: Db): Promise<void> {
  if (isPostgres(db)) {
    for (const t of TRIGGERS) {
      for (const event of t.events) {
        await sql`drop trigger ${sql.raw(`${postgresName(t)}_${event}`)} on ${sql.table(t.table)}`.execute(
          db,
        );
      }
      await sql`drop function ${sql.raw(`amora_${postgresName(t)}`)}()`.execute(db);
    }
  } else {
    for (const t of TRIGGERS) {
      for (const event of t.events) {
        await sql`drop trigger ${sql.raw(sqliteName(t, event))}`.execute(db);
      }
    }
  }
  await db.schema.dropTable('member_lists').execute();
}
