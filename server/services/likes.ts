/** Like rules (SPEC §6, DESIGN §6) on top of the likes repository, and the live events they cause. */
import type { FastifyInstance } from 'fastify';
import type { LikeBody, LikeResult } from '../../src/shared/contract/likes';
import type { LiveEvent } from '../../src/shared/contract/live-events';
import { HttpError } from '../lib/http-error';
import type { LikeTarget } from '../repositories/likes.repository';
import { mailNewLike } from './notification-mails';

const UNKNOWN = () => new HttpError(404, 'No member has this id', 'likes.unknown_profile');
/** Deleted, banned, or blocking the liker: to them the member is simply gone (search hides them too). */
const GONE = () => new HttpError(410, 'This member is no longer available', 'likes.profile_gone');

/**
 * Why an action may not run. A like needs a member who can be seen and no block either way; an
 * unlike only needs the member to exist, so a queued unlike still lands after a block or deletion.
 */
export function likeRefusal(target: LikeTarget, like: boolean): HttpError | null {
  if (!target.exists) return UNKNOWN();
  if (!like) return null;
  if (target.blockedByMe) {
    return new HttpError(
      403,
      'You blocked this member; unblock them to like them',
      'likes.blocked',
    );
  }
  if (!target.visible || target.blocksMe) return GONE();
  return null;
}

/**
 * Likes (like=true) or unlikes a profile for the member; see LikesRepository.apply for the rules.
 * A new like may mail the liked member (links on `origin`; see notification-mails.ts).
 */
export async function likeAction(
  app: FastifyInstance,
  memberId: number,
  body: LikeBody,
  like: boolean,
  origin: string,
): Promise<LikeResult> {
  if (body.profile === memberId) {
    throw new HttpError(400, 'You cannot like your own profile', 'likes.self');
  }
  // A new like is the newest, so named; an unlike of a like the receiver sees only as a count
  // must not name its liker in their event (their count catches up on the next poll).
  const receiverSees =
    like || (await app.repos.likes.isNamedTo(body.profile, memberId, Date.now()));
  const outcome = await app.repos.likes.apply(
    {
      memberId,
      profileId: body.profile,
      like,
      clientId: body.client_id ?? null,
      clientSeq: body.client_seq ?? null,
      now: Date.now(),
    },
    (target) => likeRefusal(target, like),
  );
  if (outcome.repeat) {
    if (outcome.kind !== (like ? 'like' : 'unlike')) {
      throw new HttpError(
        409,
        'This client_id was already used for another action',
        'likes.client_id_reused',
      );
    }
    return outcome.result;
  }
  if (outcome.changed) {
    // The receiver's liked_by changed, and the liker's other tabs and devices should know too.
    const event: LiveEvent = {
      type: like ? 'like' : 'unlike',
      by: memberId,
      profile: body.profile,
    };
    await Promise.all([
      receiverSees ? app.realtime.publish(body.profile, event) : null,
      app.realtime.publish(memberId, event),
    ]);
    if (like) await mailNewLike(app, origin, body.profile, memberId);
  }
  return outcome.result;
}
