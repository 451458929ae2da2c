/**
 * Bans written straight into the database, the way the moderation console's ban and unban leave
 * it (migration 009): the member's status, a bans row, every session ended, and the live event.
 */
import type { FastifyInstance } from 'fastify';
import type { BanDetails } from '../../src/shared/contract/fields';
import { BANNED_SESSION } from '../../server/repositories/session.repository';
import { insertMember } from './fixtures';

const moderators = new WeakMap<FastifyInstance, Promise<number>>();

/** One moderator per app, made on first use (a ban names who banned). */
function moderatorOf(app: FastifyInstance): Promise<number> {
  let id = moderators.get(app);
  if (!id) {
    id = insertMember(app, { name: 'Moderator' });
    moderators.set(app, id);
  }
  return id;
}

/**
 * Bans `memberId` on `app` (any instance of the store) and publishes the `banned` event there;
 * resolves the ban as the member is told of it.
 */
export async function ban(
  app: FastifyInstance,
  memberId: number,
  reason = 'Asking members for money',
  { publish = true }: { publish?: boolean } = {},
): Promise<BanDetails> {
  const moderatorId = await moderatorOf(app);
  const now = Date.now();
  await app.db.transaction().execute(async (trx) => {
    const { status } = await trx
      .selectFrom('members')
      .select('status')
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    await trx.updateTable('members').set({ status: 'banned' }).where('id', '=', memberId).execute();
    await trx
      .insertInto('bans')
      .values({
        member_id: memberId,
        moderator_id: moderatorId,
        reason,
        previous_status: status,
        created_at: now,
        lifted_at: null,
        lifted_by: null,
      })
      .execute();
    await trx
      .updateTable('sessions')
      .set({ ended_reason: BANNED_SESSION })
      .where('member_id', '=', memberId)
      .execute();
  });
  const details = { reason, since: new Date(now).toISOString() };
  if (publish) await app.realtime.publish(memberId, { type: 'banned', ...details });
  return details;
}

/** Lifts the member's ban: the status before it comes back; ended sessions stay ended. */
export async function unban(app: FastifyInstance, memberId: number): Promise<void> {
  const moderatorId = await moderatorOf(app);
  await app.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('bans')
      .select(['id', 'previous_status'])
      .where('member_id', '=', memberId)
      .where('lifted_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('bans')
      .set({ lifted_at: Date.now(), lifted_by: moderatorId })
      .where('id', '=', row.id)
      .execute();
    await trx
      .updateTable('members')
      .set({ status: row.previous_status })
      .where('id', '=', memberId)
      .execute();
  });
}
