/**
 * Likes: the lists of SPEC §3 and the like/unlike action, applied at most once per client id
 * (client_actions) and only in client order (last_client_seq), both in one transaction.
 */
import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { LikeResult, LikesResponse } from '../../src/shared/contract/likes';
import { prepared } from '../db/prepared';
import type { Database } from '../db/schema';
import {
  isNamedLiker,
  isPremium,
  namedLikers,
  mainImage,
  premiumEnd,
  notBlockedWith,
  pairState,
  premiumColumn,
  PROFILE_COLUMNS,
  receivedLikes,
  toProfileCard,
  VISIBLE_MEMBER,
  type PairState,
  type ProfileRow,
} from './member-sql';

/** A like or unlike as the client sent it. */
export interface LikeAction {
  memberId: number;
  profileId: number;
  like: boolean;
  clientId: string | null;
  clientSeq: number | null;
  now: number;
}

/** What the rules need to know about the member being liked. */
/** The liked member's state towards the liker. */
export type LikeTarget = PairState;

/** The outcome of an action: a fresh result, or the stored first result of a repeated client id. */
export type LikeOutcome =
  | { repeat: false; result: LikeResult; changed: boolean }
  | { repeat: true; result: LikeResult; kind: string };

/** The likes answer, and until when it holds without a write (a premium it shows ends). */
export interface LikesList {
  likes: LikesResponse;
  /** The earliest end of a running premium among the member and the listed members; Infinity: none. */
  holdsUntil: number;
}

const endOf = (row: { premium_until: number | null }) =>
  row.premium_until === null ? null : Number(row.premium_until);

/** Action kinds as stored in client_actions. */
const kindOf = (like: boolean) => (like ? 'like' : 'unlike');

// The likes page polls both lists, so they are built once.
const givenLikes = prepared((db, p: { memberId: number; now: number }) =>
  db
    .selectFrom('likes as l')
    .innerJoin('members as m', 'm.id', 'l.profile_id')
    .leftJoin('images as i', mainImage)
    .select(PROFILE_COLUMNS)
    .select(premiumColumn(p.now))
    .select('m.premium_until')
    .where('l.member_id', '=', p.memberId)
    .where('l.liked', '=', true)
    .where(VISIBLE_MEMBER)
    .where(notBlockedWith(p.memberId))
    .orderBy('l.updated_at', 'desc')
    .orderBy('l.profile_id', 'desc'),
);
const receivedLikeCards = prepared((db, p: { memberId: number; now: number }) =>
  receivedLikes(db, p.memberId)
    .leftJoin('images as i', mainImage)
    .select(PROFILE_COLUMNS)
    .select(premiumColumn(p.now))
    .select(['m.premium_until', 'l.is_new', 'l.updated_at'])
    .orderBy('l.is_new', 'desc')
    .orderBy('l.updated_at', 'desc')
    .orderBy('l.member_id', 'desc'),
);

/** Reads and writes likes. */
export class LikesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Applies the action unless its client id was seen before (then the first result comes back)
   * or its client sequence is not newer than the last applied one for this pair. `refuse` may
   * veto the action with an error, which is thrown after rolling everything back.
   */
  async apply(a: LikeAction, refuse: (target: LikeTarget) => Error | null): Promise<LikeOutcome> {
    return this.db.transaction().execute(async (trx) => {
      if (a.clientId !== null) {
        // The claim blocks a concurrent twin until this transaction ends; the twin then reads our result.
        const claimed = await trx
          .insertInto('client_actions')
          .values({
            member_id: a.memberId,
            client_id: a.clientId,
            kind: kindOf(a.like),
            result: '',
            created_at: a.now,
          })
          .onConflict((oc) => oc.columns(['member_id', 'client_id']).doNothing())
          .returning('client_id')
          .executeTakeFirst();
        if (!claimed) return storedResult(trx, a.memberId, a.clientId);
      }
      const veto = refuse(await target(trx, a.memberId, a.profileId));
      if (veto) throw veto;
      const outcome = await upsert(trx, a);
      if (a.clientId !== null) {
        await trx
          .updateTable('client_actions')
          .set({ result: JSON.stringify(outcome.result) })
          .where('member_id', '=', a.memberId)
          .where('client_id', '=', a.clientId)
          .execute();
      }
      return outcome;
    });
  }

  /** Whether `memberId` may see `likerId` by name among their likers at `now` (premium or newest). */
  async isNamedTo(memberId: number, likerId: number, now: number): Promise<boolean> {
    return (await isPremium(this.db, memberId, now)) || isNamedLiker(this.db, memberId, likerId);
  }

  /** The members `likerId` likes now. */
  async likedBy(likerId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('likes')
      .select('profile_id')
      .where('member_id', '=', likerId)
      .where('liked', '=', true)
      .execute();
    return rows.map((r) => r.profile_id);
  }

  /** Marks the like from `likerId` to `memberId` as seen; false when there is no such like. */
  async markSeen(likerId: number, memberId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('likes')
      .set({ is_new: false })
      .where('member_id', '=', likerId)
      .where('profile_id', '=', memberId)
      .where('liked', '=', true)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Both lists of a member, hiding members who cannot be seen or are blocked either way. Without
   * premium (at `now`) only the newest FREE_LIKED_BY_VISIBLE likers are named; the others are
   * only counted, and `did_like_profile` of the given likes never names them either.
   */
  async listFor(memberId: number, today: string, now: number): Promise<LikesList> {
    const [given, received, ownEnd] = await Promise.all([
      givenLikes.all(this.db, { memberId, now }),
      receivedLikeCards.all(this.db, { memberId, now }),
      premiumEnd(this.db, memberId),
    ]);
    const premium = ownEnd !== null && ownEnd > now;
    const named = premium ? new Set(received.map((row) => row.id)) : namedLikers(received);
    const shown = received.filter((row) => named.has(row.id));
    const hidden = received.filter((row) => !named.has(row.id));
    const likes: LikesResponse = {
      // Both lists leave out the same members, so "likes me back" is exactly "named in liked_by".
      profiles: given.map((row) => ({
        ...toProfileCard(row as ProfileRow, today),
        did_like_profile: named.has(row.id),
      })),
      liked_by: shown.map((row) => ({ id: row.id, like_new: Boolean(row.is_new) })),
      liked_by_profiles: shown.map((row) => toProfileCard(row as ProfileRow, today)),
    };
    if (hidden.length > 0) {
      likes.liked_by_hidden = hidden.length;
      likes.liked_by_hidden_new = hidden.filter((row) => Boolean(row.is_new)).length;
    }
    // A premium ending changes the answer without a write: the member's own (who is named) or a
    // listed member's (the badge).
    let holdsUntil = Infinity;
    for (const end of [ownEnd, ...given.map(endOf), ...received.map(endOf)]) {
      if (end !== null && end > now && end < holdsUntil) holdsUntil = end;
    }
    return { likes, holdsUntil };
  }
}

/** The first result stored for a client id. */
async function storedResult(
  trx: Transaction<Database>,
  memberId: number,
  clientId: string,
): Promise<LikeOutcome> {
  const row = await trx
    .selectFrom('client_actions')
    .select(['kind', 'result'])
    .where('member_id', '=', memberId)
    .where('client_id', '=', clientId)
    .executeTakeFirstOrThrow();
  return { repeat: true, kind: row.kind, result: JSON.parse(row.result) as LikeResult };
}

/** The liked member as the like rules see them. */
function target(
  trx: Transaction<Database>,
  memberId: number,
  profileId: number,
): Promise<LikeTarget> {
  return pairState(trx, memberId, profileId);
}

/**
 * One statement decides and writes, so concurrent actions on a pair cannot interleave: the
 * conflict update locks the row and applies only a newer client sequence (or none at all).
 */
async function upsert(
  trx: Transaction<Database>,
  a: LikeAction,
): Promise<{ repeat: false; result: LikeResult; changed: boolean }> {
  const current = () =>
    trx
      .selectFrom('likes')
      .select('liked')
      .where('member_id', '=', a.memberId)
      .where('profile_id', '=', a.profileId)
      .executeTakeFirst();
  // Only decides whether to announce a change; the write below never depends on it.
  const wasLiked = Boolean((await current())?.liked);
  const written = await trx
    .insertInto('likes')
    .values({
      member_id: a.memberId,
      profile_id: a.profileId,
      liked: a.like,
      is_new: a.like,
      last_client_seq: a.clientSeq,
      updated_at: a.now,
    })
    .onConflict((oc) =>
      oc
        .columns(['member_id', 'profile_id'])
        .doUpdateSet({
          liked: (eb) => eb.ref('excluded.liked'),
          // A like that starts now is new for the receiver; a like that stays keeps its state.
          is_new: sql<boolean>`case when not excluded.liked then false
            when likes.liked then likes.is_new else true end`,
          last_client_seq: sql<number>`coalesce(excluded.last_client_seq, likes.last_client_seq)`,
          updated_at: sql<number>`case when likes.liked = excluded.liked
            then likes.updated_at else excluded.updated_at end`,
        })
        .where(
          sql<SqlBool>`excluded.last_client_seq is null or likes.last_client_seq is null
            or likes.last_client_seq < excluded.last_client_seq`,
        ),
    )
    .returning('liked')
    .executeTakeFirst();
  if (!written) {
    // An older action: report the state the newer one left (the conflict locked that row for us).
    const liked = Boolean((await current())?.liked);
    return { repeat: false, result: { liked, applied: false }, changed: false };
  }
  return {
    repeat: false,
    result: { liked: Boolean(written.liked), applied: true },
    changed: wasLiked !== a.like,
  };
}
