/**
 * The API part's same-stack floor: Fastify and the database driver the site uses (better-sqlite3,
 * or pg with named statements), over the same seeded tables, doing the reads each measured route
 * does (the same statements, found by the session cookie's token hash) and answering the same
 * JSON, with nothing else: no plugins, hooks, logging, validation, headers or query builder.
 * `tsx floor-server.ts PORT sqlite DB_FILE` or `tsx floor-server.ts PORT postgres DATABASE_URL`.
 */
import { createHash } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import { todayIso } from '../../../server/lib/dates';
import { toProfileCard, type ProfileRow } from '../../../server/repositories/member-sql';
import { toSearchFilter } from '../../../server/services/search-filters';
import { SearchCountCache } from '../../../server/services/search-count-cache';
import { searchStatements } from './floor-search-sql';

const [portArg, engine, where] = process.argv.slice(2);
const port = Number(portArg);

/** One statement runner per engine: `?` placeholders, rows as objects. */
type Rows = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

function sqliteRows(file: string): Rows {
  const db = new BetterSqlite3(file);
  db.pragma('busy_timeout = 5000');
  const statements = new Map<string, BetterSqlite3.Statement>();
  return (sql, params) => {
    let stmt = statements.get(sql);
    if (!stmt) statements.set(sql, (stmt = db.prepare(sql)));
    const bound = params.map((p) => (typeof p === 'boolean' ? (p ? 1 : 0) : p));
    return Promise.resolve(stmt.all(bound) as Record<string, unknown>[]);
  };
}

function postgresRows(url: string): Rows {
  pg.types.setTypeParser(20, (value: string) => Number(value));
  const pool = new pg.Pool({ connectionString: url });
  const names = new Map<string, string>();
  return async (sql, params) => {
    let i = 0;
    const text = sql.includes('?') ? sql.replace(/\?/g, () => `$${++i}`) : sql;
    let name = names.get(text);
    if (!name) names.set(text, (name = `floor_${names.size + 1}`));
    return (await pool.query({ name, text, values: params })).rows as Record<string, unknown>[];
  };
}

const rows = engine === 'postgres' ? postgresRows(where ?? '') : sqliteRows(where ?? '');
const bool = engine === 'postgres' ? (b: boolean) => b : (b: boolean) => (b ? 1 : 0);

const SESSION = `select sessions.member_id, sessions.expires_at, sessions.last_seen_at, sessions.ended_reason, members.status
  from sessions inner join members on members.id = sessions.member_id
  where sessions.token_hash = ? and sessions.expires_at > ? and members.deleted_at is null and members.status in (?, ?, ?)`;
const ALLOWANCE_DUE = 'select id from members where id = ? and premium_allowance_at <= ?';
const MEMBER = `select members.*, (select tokens.data from tokens where tokens.member_id = members.id and tokens.kind = ?
  and tokens.used_at is null and tokens.expires_at > ? order by tokens.created_at desc limit ?) as pending_email
  from members where members.id = ?`;
const EXTRAS = `select 'photo' as kind, id, thumb_filename as name, filename as value, review from images where member_id = ?
  union all select 'field' as kind, null as id, name, value, null as review from member_fields where member_id = ?
  union all select 'note' as kind, null as id, name, value, null as review from member_notes where member_id = ?`;
const CARD = `m.id, m.name, m.date_of_birth, m.city, m.country, m.language, i.thumb_filename`;
const VISIBLE = `(m.status in ('active', 'not_confirmed') and m.deleted_at is null)`;
const NOT_BLOCKED = `(not exists (select 1 from blocks b where b.member_id = ? and b.blocked_id = m.id)
  and not exists (select 1 from blocks b where b.member_id = m.id and b.blocked_id = ?))`;
const MAIN_IMAGE = `left join images as i on i.id = m.main_image_id and i.review = 'approved'`;
const CHATS = `select ${CARD}, c.id as conversation_id, c.updated_at, c.last_message_id, cm.unread, msg.body as last_message
  from conversation_members as cm inner join conversations as c on c.id = cm.conversation_id
  inner join members as m on m.id = case when c.member_a = ? then c.member_b else c.member_a end
  ${MAIN_IMAGE} left join messages as msg on msg.id = c.last_message_id
  where cm.member_id = ? and cm.deleted_at is null and ${VISIBLE} and ${NOT_BLOCKED}
  order by c.updated_at desc, c.id desc`;
const UNDELIVERED = `select m.conversation_id, max(m.id) as newest from conversation_members as cm
  inner join messages as m on m.conversation_id = cm.conversation_id
  where cm.member_id = ? and m.sender_id <> ? and m.delivered_at is null group by m.conversation_id`;
const PREMIUM = `(m.premium_until is not null and m.premium_until > ?) as premium`;
const GIVEN = `select ${CARD}, ${PREMIUM} from likes as l inner join members as m on m.id = l.profile_id ${MAIN_IMAGE}
  where l.member_id = ? and l.liked = ? and ${VISIBLE} and ${NOT_BLOCKED}
  order by l.updated_at desc, l.profile_id desc`;
const RECEIVED = `select ${CARD}, ${PREMIUM}, l.is_new, l.updated_at from likes as l inner join members as m on m.id = l.member_id ${MAIN_IMAGE}
  where l.profile_id = ? and l.liked = ? and ${VISIBLE} and ${NOT_BLOCKED}
  order by l.is_new desc, l.updated_at desc, l.member_id desc`;
const PREMIUM_UNTIL = 'select premium_until from members where id = ?';

/** The member behind the cookie, by the SHA-256 of its token, as the site stores sessions. */
async function memberOf(cookie: string | undefined): Promise<number | null> {
  const token = /(?:^|;\s*)amora_sid=([^;]+)/.exec(cookie ?? '')?.[1];
  if (!token) return null;
  const tokenHash = createHash('sha256').update(token).digest('hex');
  const [session] = await rows(SESSION, [
    tokenHash,
    Date.now(),
    'active',
    'not_confirmed',
    'banned',
  ]);
  return session ? Number(session.member_id) : null;
}

const app = Fastify();
app.get('/', async () => ({ floor: engine }));

app.get('/api/user.php', async (request, reply) => {
  const id = await memberOf(request.headers.cookie);
  if (id === null) return reply.code(403).send({ statusCode: 403 });
  const now = Date.now();
  await rows(ALLOWANCE_DUE, [id, now]);
  const [row] = await rows(MEMBER, ['mail_change', now, 1, id]);
  if (!row) return reply.code(403).send({ statusCode: 403 });
  const images: { id: number; thumb_filename: unknown }[] = [];
  const fields: Record<string, unknown> = {};
  const notes: Record<string, unknown> = {};
  for (const extra of await rows(EXTRAS, [id, id, id])) {
    if (extra.kind === 'field') fields[String(extra.name)] = extra.value;
    else if (extra.kind === 'note') notes[String(extra.name)] = extra.value;
    else images.push({ id: Number(extra.id), thumb_filename: extra.name });
  }
  images.sort((a, b) => a.id - b.id);
  const premiumUntil = row.premium_until === null ? null : Number(row.premium_until);
  return {
    user: {
      id: row.id,
      email: row.email,
      profile: {
        id: row.id,
        name: row.name,
        country: row.country,
        countryregion: row.countryregion,
        city: row.city,
        gender: row.gender,
        date_of_birth: row.date_of_birth,
        main_image: images.find((image) => image.id === row.main_image_id) ?? null,
        images,
        personal: row.personal,
        language: row.language,
        lastSignupStep: Boolean(row.last_signup_step),
        fields,
        notes,
      },
      mailprovider: row.mailprovider,
      fictional_icon: false,
      loggedIn: true,
      paid_user: Boolean(row.paid_user) || (premiumUntil ?? 0) > now,
      signup_date: new Date(Number(row.signup_date)).toISOString(),
      activated: row.status === 'active',
      credits: row.credits,
      premium_until: premiumUntil === null ? null : new Date(premiumUntil).toISOString(),
      pending_email: row.pending_email,
      lander_opt_out: Boolean(row.lander_opt_out),
    },
  };
});

app.get('/api/chats.php', async (request, reply) => {
  const id = await memberOf(request.headers.cookie);
  if (id === null) return reply.code(403).send({ statusCode: 403 });
  const today = todayIso();
  const listed = await rows(CHATS, [id, id, id, id]);
  await rows(UNDELIVERED, [id, id]);
  return {
    chats: listed.map((row) => ({
      conversation: {
        id: row.conversation_id,
        last_message: row.last_message,
        updated_at: new Date(Number(row.updated_at)).toISOString(),
      },
      profile: toProfileCard(row as unknown as ProfileRow, today),
      num_unread_messages: row.unread,
    })),
  };
});

app.get('/api/likes.php', async (request, reply) => {
  const id = await memberOf(request.headers.cookie);
  if (id === null) return reply.code(403).send({ statusCode: 403 });
  const today = todayIso();
  const now = Date.now();
  const [given, received, [premium]] = await Promise.all([
    rows(GIVEN, [now, id, bool(true), id, id]),
    rows(RECEIVED, [now, id, bool(true), id, id]),
    rows(PREMIUM_UNTIL, [id]),
  ]);
  const isPremium = premium?.premium_until != null && Number(premium.premium_until) > now;
  const named = new Set(received.slice(0, isPremium ? undefined : 3).map((r) => Number(r.id)));
  return {
    profiles: given.map((row) => ({
      ...toProfileCard(row as unknown as ProfileRow, today),
      did_like_profile: named.has(Number(row.id)),
    })),
    liked_by: received.map((row) => ({ id: row.id, like_new: Boolean(row.is_new) })),
    liked_by_profiles: received.map((row) => toProfileCard(row as unknown as ProfileRow, today)),
  };
});

const totals = new SearchCountCache();
app.get('/api/search.php', async (request, reply) => {
  const id = await memberOf(request.headers.cookie);
  if (id === null) return reply.code(403).send({ statusCode: 403 });
  const q = request.query as Record<string, string | undefined>;
  const today = todayIso();
  const options = {
    gender: (q.gender ?? '') as '' | 'male' | 'female',
    min_age: Number(q.min_age ?? 18),
    max_age: q.max_age ? Number(q.max_age) : null,
    country: q.country ?? '',
    countryregion: Number(q.countryregion ?? 0),
  };
  const page = Number(q.page ?? 1);
  const filter = toSearchFilter(options, { page }, id, today);
  const { count, page: pageQuery } = searchStatements(engine === 'postgres', filter);
  const [total, found] = await Promise.all([
    totals.total(filter, async () => Number((await rows(count.sql, count.params))[0]?.n ?? 0)),
    rows(pageQuery.sql, pageQuery.params),
  ]);
  return {
    profiles: found.map((row) => toProfileCard(row as unknown as ProfileRow, today)),
    paging: { num_results: total, page, pp: filter.limit },
    filter_options: options,
  };
});

await app.listen({ port, host: '127.0.0.1' });
// An exit of its own on a signal, so `node --cpu-prof` writes the floor's profile.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0));
