/** Small data builders for API tests: members straight into the database, sessions through the API. */
import type { FastifyInstance } from 'fastify';
import type { User } from '../../src/shared/contract/account';
import type { Gender, Language } from '../../src/shared/contract/fields';
import type { MemberStatus } from '../../server/db/schema';
import { shiftYears, todayIso } from '../../server/lib/dates';
import { hashPassword } from '../../server/lib/passwords';
import { SESSION_COOKIE } from '../../server/plugins/session';

/** Password of every fixture member. */
export const PASSWORD = 'correct horse battery';

const hashes = new Map<string, Promise<string>>();
/** argon2 is slow on purpose; one hash per password per test file is enough. */
function hashOnce(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
}

/** A birth date that makes someone exactly `age` today. */
export function dobForAge(age: number): string {
  return shiftYears(todayIso(), -age);
}

/** Columns a test may set on a fixture member; the rest get defaults. */
export interface MemberFixture {
  email?: string;
  name?: string;
  password?: string;
  status?: MemberStatus;
  gender?: Gender | null;
  date_of_birth?: string | null;
  country?: string | null;
  countryregion?: number | null;
  city?: string | null;
  language?: Language;
  last_active?: number;
  deleted?: boolean;
}

let counter = 0;

/** Inserts a member and returns their id. */
export async function insertMember(app: FastifyInstance, m: MemberFixture = {}): Promise<number> {
  counter += 1;
  const now = Date.now();
  const row = await app.db
    .insertInto('members')
    .values({
      email: m.email ?? `member${counter}-${now}@example.com`,
      password_hash: await hashOnce(m.password ?? PASSWORD),
      name: m.name ?? `Member ${counter}`,
      status: m.status ?? 'active',
      gender: m.gender ?? null,
      date_of_birth: m.date_of_birth ?? null,
      country: m.country ?? null,
      countryregion: m.countryregion ?? null,
      city: m.city ?? null,
      language: m.language ?? 'en',
      signup_date: now - 10 * 86_400_000,
      last_active: m.last_active ?? now,
      deleted_at: m.deleted ? now : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Blocks `blockedId` on behalf of `memberId`. */
export async function block(app: FastifyInstance, memberId: number, blockedId: number) {
  await app.db
    .insertInto('blocks')
    .values({ member_id: memberId, blocked_id: blockedId, created_at: Date.now() })
    .execute();
}

/** What a fixture conversation holds; messages are sent in order, one second apart. */
export interface ConversationFixture {
  messages?: Array<{ from: number; body: string }>;
  /** Unread counts per member id (default 0). */
  unread?: Record<number, number>;
  /** Members who deleted the conversation on their side. */
  deletedBy?: number[];
  /** Time of the first message (or of the conversation); defaults to now. */
  at?: number;
}

/** Inserts a conversation between two members, as the chat calls of a later issue will. */
export async function insertConversation(
  app: FastifyInstance,
  a: number,
  b: number,
  c: ConversationFixture = {},
): Promise<number> {
  const at = c.at ?? Date.now();
  const messages = c.messages ?? [];
  const updatedAt = at + Math.max(0, messages.length - 1) * 1000;
  const { id } = await app.db
    .insertInto('conversations')
    .values({
      member_a: Math.min(a, b),
      member_b: Math.max(a, b),
      created_at: at,
      updated_at: updatedAt,
      last_message_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let lastId: number | null = null;
  for (const [i, m] of messages.entries()) {
    const row = await app.db
      .insertInto('messages')
      .values({
        conversation_id: id,
        sender_id: m.from,
        body: m.body,
        client_id: null,
        created_at: at + i * 1000,
        read_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    lastId = row.id;
  }
  await app.db
    .updateTable('conversations')
    .set({ last_message_id: lastId })
    .where('id', '=', id)
    .execute();
  await app.db
    .insertInto('conversation_members')
    .values(
      [a, b].map((member) => ({
        conversation_id: id,
        member_id: member,
        unread: c.unread?.[member] ?? 0,
        last_read_message_id: null,
        deleted_at: c.deletedBy?.includes(member) ? at : null,
      })),
    )
    .execute();
  return id;
}

/** Logs in through the API and returns the session cookie value. */
export async function login(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login.php',
    payload: { email, password },
  });
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (res.statusCode !== 200 || !cookie)
    throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return cookie.value;
}

let signups = 0;

/** A valid sign-up body with a unique email. */
export function signupBody(extra: Record<string, unknown> = {}) {
  signups += 1;
  return {
    email: `new${signups}-${Date.now()}@example.org`,
    name: `Newbie ${signups}`,
    password: PASSWORD,
    ...extra,
  };
}

/** Signs up through the API; returns the cookie value and the user. */
export async function signup(
  app: FastifyInstance,
  extra: Record<string, unknown> = {},
): Promise<{ cookie: string; user: User }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user.php?new=1',
    payload: signupBody(extra),
  });
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (res.statusCode !== 200 || !cookie)
    throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return { cookie: cookie.value, user: (res.json() as { user: User }).user };
}

/** inject() options for a logged-in call. */
export function as(cookie: string) {
  return { cookies: { [SESSION_COOKIE]: cookie } };
}
