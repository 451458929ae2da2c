/**
 * Block and report (DESIGN §4): a block hides two members from each other in search, likes and
 * chats both ways and stops their messages; a complaint is stored for moderation.
 */
import type { FastifyInstance } from 'fastify';
import type { BlockResult, ComplaintBody } from '../../src/shared/contract/chat';
import { HttpError } from '../lib/http-error';

/** Refuses yourself and unknown ids, the same way for block, unblock and complaints. */
async function checkTarget(
  app: FastifyInstance,
  memberId: number,
  profileId: number,
  what: string,
) {
  if (profileId === memberId) {
    throw new HttpError(400, `You cannot ${what} yourself`, 'block.self');
  }
  if (!(await app.repos.blocks.memberExists(profileId))) {
    throw new HttpError(404, 'No member has this id', 'block.unknown_profile');
  }
}

/** Their chat lists change: a shared conversation disappears (block) or comes back (unblock). */
async function announce(app: FastifyInstance, a: number, b: number): Promise<void> {
  const conversation = await app.repos.chat.between(a, b);
  if (conversation === undefined) return;
  await Promise.all([
    app.realtime.publish(a, { type: 'chat', conversation }),
    app.realtime.publish(b, { type: 'chat', conversation }),
  ]);
}

/** Blocks (block=true) or unblocks a member; repeating either changes nothing. */
export async function setBlocked(
  app: FastifyInstance,
  memberId: number,
  profileId: number,
  block: boolean,
): Promise<BlockResult> {
  await checkTarget(app, memberId, profileId, block ? 'block' : 'unblock');
  const changed = block
    ? await app.repos.blocks.block(memberId, profileId, Date.now())
    : await app.repos.blocks.unblock(memberId, profileId);
  if (changed) await announce(app, memberId, profileId);
  return { profile: profileId, blocked: block };
}

/** Stores a complaint about a member and answers its id. */
export async function fileComplaint(
  app: FastifyInstance,
  memberId: number,
  body: ComplaintBody,
): Promise<{ id: number }> {
  await checkTarget(app, memberId, body.profile, 'report');
  const id = await app.repos.complaints.create({
    reporterId: memberId,
    reportedId: body.profile,
    reason: body.reason,
    message: body.message ?? '',
    now: Date.now(),
  });
  return { id };
}
