/** Calls and members the moderation tests share: moderators made by the admin command, console calls. */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../src/shared/contract/fields';
import {
  MODERATION_PATH,
  ModerationActionResult,
  ModerationMemberResponse,
  ModerationQueueResponse,
} from '../../src/shared/contract/moderation';
import { runAdminCommand } from '../../server/admin/commands';
import { as, insertMember, login, type MemberFixture } from './fixtures';

/** A member who is logged in. */
export interface Account {
  id: number;
  email: string;
  cookie: string;
}

let made = 0;

/** Inserts a member and logs them in. */
export async function account(app: FastifyInstance, m: MemberFixture = {}): Promise<Account> {
  made += 1;
  const email = m.email ?? `mod-test-${made}-${Date.now()}@example.com`;
  const id = await insertMember(app, { ...m, email });
  return { id, email, cookie: await login(app, email) };
}

/** A member made moderator the only way there is: the admin command. */
export async function moderator(app: FastifyInstance, m: MemberFixture = {}): Promise<Account> {
  const mod = await account(app, { name: 'Moderator', ...m });
  const result = await runAdminCommand(app.db, ['grant-moderator', mod.email]);
  if (result.code !== 0) throw new Error(result.lines.join('\n'));
  return mod;
}

/** inject() options for an optional session. */
const session = (cookie: string | null) => (cookie ? as(cookie) : {});

/** GET the queue (raw response). */
export function getQueue(app: FastifyInstance, cookie: string | null) {
  return app.inject({ method: 'GET', url: MODERATION_PATH, ...session(cookie) });
}

/** GET one member's file (raw response). */
export function getMember(app: FastifyInstance, cookie: string | null, member: number | string) {
  return app.inject({
    method: 'GET',
    url: `${MODERATION_PATH}?member=${member}`,
    ...session(cookie),
  });
}

/** POST an action (raw response). */
export function postAction(app: FastifyInstance, cookie: string | null, body: object) {
  return app.inject({ method: 'POST', url: MODERATION_PATH, payload: body, ...session(cookie) });
}

/** The queue, which must be answered. */
export async function queue(app: FastifyInstance, cookie: string) {
  const res = await getQueue(app, cookie);
  if (res.statusCode !== 200) throw new Error(`queue: ${res.statusCode} ${res.body}`);
  return ModerationQueueResponse.parse(res.json());
}

/** One member's file, which must be answered. */
export async function memberFile(app: FastifyInstance, cookie: string, member: number) {
  const res = await getMember(app, cookie, member);
  if (res.statusCode !== 200) throw new Error(`member: ${res.statusCode} ${res.body}`);
  return ModerationMemberResponse.parse(res.json());
}

/** An action that must succeed. */
export async function act(app: FastifyInstance, cookie: string, body: object) {
  const res = await postAction(app, cookie, body);
  if (res.statusCode !== 200) throw new Error(`action: ${res.statusCode} ${res.body}`);
  return ModerationActionResult.parse(res.json());
}

/** Status and key of a refusal. */
export function refusal(res: { statusCode: number; json: () => unknown }) {
  return { status: res.statusCode, key: ApiError.parse(res.json()).key };
}

/** A member reports another one through POST /api/complaints.php; answers the complaint id. */
export async function report(
  app: FastifyInstance,
  cookie: string,
  profile: number,
  reason = 'harassment',
  message = 'Keeps insulting me.',
): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/complaints.php',
    payload: { profile, reason, message },
    ...as(cookie),
  });
  if (res.statusCode !== 200) throw new Error(`report: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: number }).id;
}

/** The audit rows of a member, oldest first, straight from the table. */
export function auditRows(app: FastifyInstance, member: number) {
  return app.db
    .selectFrom('moderation_actions')
    .selectAll()
    .where('member_id', '=', member)
    .orderBy('id')
    .execute();
}
