/**
 * Likes calls of the wire contract.
 */
import { z } from 'zod';
import { id, Profile } from './fields';

export const LikeBody = z.object({
  profile: id,
  /** Client-made UUID: a repeated action is applied once. */
  client_id: z.uuid().optional(),
  /** Client sequence: an action older than the last applied one for this profile is ignored. */
  client_seq: z.number().int().nonnegative().optional(),
});
export type LikeBody = z.infer<typeof LikeBody>;
/** How many members who liked me a member without premium sees by name (newest first). */
export const FREE_LIKED_BY_VISIBLE = 3;
export const LikedByEntry = z.object({ id: z.number().int(), like_new: z.boolean() });
export const LikesResponse = z.object({
  profiles: z.array(Profile.extend({ did_like_profile: z.boolean().optional() })),
  liked_by: z.array(LikedByEntry),
  /** Profile cards of the members in liked_by, so the client can show them without a lookup. */
  liked_by_profiles: z.array(Profile).optional(),
  /**
   * Members who liked me beyond those in liked_by: without premium only the newest
   * FREE_LIKED_BY_VISIBLE are named, the rest are counted here (0 or absent with premium).
   */
  liked_by_hidden: z.number().int().nonnegative().optional(),
  /** How many of the liked_by_hidden likes are new (they still count in the app badge). */
  liked_by_hidden_new: z.number().int().nonnegative().optional(),
});
export type LikesResponse = z.infer<typeof LikesResponse>;
export const LikeResult = z.object({ liked: z.boolean(), applied: z.boolean() });
export type LikeResult = z.infer<typeof LikeResult>;
/** POST /api/likes.php?seen=1: the like from `profile` to me has been opened (SPEC §4). */
export const LikeSeenQuery = z.object({ seen: z.literal('1') });
export const LikeSeenBody = z.object({ profile: id });
/** The received like after marking it seen: like_new is false. */
export const LikeSeenResult = LikedByEntry;
/** Query of POST /api/likes.php: nothing for a like, seen=1 for marking a received like seen. */
export const LikePostQuery = LikeSeenQuery.partial();
