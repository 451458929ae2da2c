/**
 * SQL shared by every query that shows other members (search, likes, chats): who may be shown,
 * and the columns and mapping of a profile card. Queries alias the members table as `m`.
 */
import {
  sql,
  type JoinBuilder,
  type Kysely,
  type RawBuilder,
  type SqlBool,
  type Transaction,
} from 'kysely';
import { type Language, type Profile } from '../../src/shared/contract/fields';
import { FREE_LIKED_BY_VISIBLE } from '../../src/shared/contract/likes';
import { ageOn } from '../lib/dates';
import { prepared } from '../db/prepared';
import type { Database, ImageReview } from '../db/schema';

/**
 * Members who can be seen at all. Written with literals, word for word the predicate of the
 * partial `members_visible_*` indexes, so both planners can prove those indexes apply.
 */
export const VISIBLE_MEMBER: RawBuilder<SqlBool> = sql<SqlBool>`(m.status in ('active', 'not_confirmed') and m.deleted_at is null)`;

/**
 * Members search may list: visible and not taken out of search by a moderator. Word for word the
 * predicate of the `members_visible_*` indexes (migration 009), so searches stay index-only.
 */
export const SEARCHABLE_MEMBER: RawBuilder<SqlBool> = sql<SqlBool>`(m.status in ('active', 'not_confirmed') and m.deleted_at is null and m.search_hidden = false)`;

/** Neither the viewer blocked member `m` nor `m` the viewer. */
export function notBlockedWith(viewerId: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`(not exists (select 1 from blocks b where b.member_id = ${viewerId} and b.blocked_id = m.id)
    and not exists (select 1 from blocks b where b.member_id = m.id and b.blocked_id = ${viewerId}))`;
}

/**
 * Joins `images as i` to member `m`'s main image only when others may see it (approved): a pending
 * or hidden main image leaves the card without a picture. `.leftJoin('images as i', mainImage)`.
 */
export function mainImage<DB, TB extends keyof DB>(join: JoinBuilder<DB, TB>): JoinBuilder<DB, TB> {
  return join.on(sql<SqlBool>`i.id = m.main_image_id and i.review = 'approved'`);
}

/** The members and images columns a profile card needs, from `members as m` left-joined to `images as i`. */
export const PROFILE_COLUMNS = [
  'm.id',
  'm.name',
  'm.date_of_birth',
  'm.city',
  'm.country',
  'm.language',
  'i.thumb_filename',
] as const;

/**
 * Whether member `m`'s premium runs at `now`, as a `premium` column: computed in the same query
 * (no second lookup per card), and only in the select list, so it never changes a search plan.
 */
export function premiumColumn(now: number) {
  return sql<SqlBool | null>`(m.premium_until is not null and m.premium_until > ${now})`.as(
    'premium',
  );
}

/** A row selected with PROFILE_COLUMNS (and `premiumColumn` where cards show the badge). */
export interface ProfileRow {
  id: number;
  name: string;
  date_of_birth: string | null;
  city: string | null;
  country: string | null;
  language: string;
  thumb_filename: string | null;
  premium?: SqlBool | null;
}

/** Maps a PROFILE_COLUMNS row to the contract's Profile, with the age as of `today`. */
export function toProfileCard(row: ProfileRow, today: string): Profile {
  return {
    id: row.id,
    name: row.name,
    age: row.date_of_birth ? ageOn(row.date_of_birth, today) : null,
    city: row.city,
    country: row.country,
    language: row.language as Language,
    main_image: row.thumb_filename ? { thumb_filename: row.thumb_filename } : null,
    // Only premium members carry the field, so every other card stays as it was.
    ...(row.premium ? { premium: true } : {}),
  };
}

// Read on every likes and profile poll, so built once.
const premiumUntil = prepared((db, p: { memberId: number }) =>
  db.selectFrom('members').select('premium_until').where('id', '=', p.memberId),
);

/** When the member's premium ends (members.premium_until, migration 007); null: never had it. */
export async function premiumEnd(db: Kysely<Database>, memberId: number): Promise<number | null> {
  const row = await premiumUntil.first(db, { memberId });
  return row?.premium_until != null ? Number(row.premium_until) : null;
}

/** Whether the member's premium runs at `now`. */
export async function isPremium(
  db: Kysely<Database>,
  memberId: number,
  now: number,
): Promise<boolean> {
  const end = await premiumEnd(db, memberId);
  return end !== null && end > now;
}

/** A received like as the "who liked me" limit ranks it. */
export interface RankedLike {
  id: number;
  updated_at: number;
}

/**
 * The likers a member without premium may see by name: the FREE_LIKED_BY_VISIBLE newest likes
 * (when each like started; ties by liker id), the same rule for the likes list and the profile page.
 */
export function namedLikers(received: readonly RankedLike[]): Set<number> {
  const newest = [...received].sort(
    (a, b) => Number(b.updated_at) - Number(a.updated_at) || b.id - a.id,
  );
  return new Set(newest.slice(0, FREE_LIKED_BY_VISIBLE).map((like) => like.id));
}

/** Members who like `memberId` and whom the member may see (visible, no block either way). */
export function receivedLikes(db: Kysely<Database>, memberId: number) {
  return db
    .selectFrom('likes as l')
    .innerJoin('members as m', 'm.id', 'l.member_id')
    .where('l.profile_id', '=', memberId)
    .where('l.liked', '=', true)
    .where(VISIBLE_MEMBER)
    .where(notBlockedWith(memberId));
}

/**
 * Whether `likerId` is one of the likers `memberId` may see by name without premium. Only the
 * newest few likes are read (the likes_received index), not the whole list.
 */
export async function isNamedLiker(
  db: Kysely<Database>,
  memberId: number,
  likerId: number,
): Promise<boolean> {
  const newest = await receivedLikes(db, memberId)
    .select(['l.member_id as id', 'l.updated_at'])
    .orderBy('l.updated_at', 'desc')
    .orderBy('l.member_id', 'desc')
    .limit(FREE_LIKED_BY_VISIBLE)
    .execute();
  return namedLikers(newest).has(likerId);
}

/** A photo as a full profile lists it; `review` is only set on photos others cannot see. */
export interface ProfilePhoto {
  id: number;
  thumb_filename: string;
  filename: string;
  review?: 'pending' | 'hidden';
}

type ExtraKind = 'photo' | 'field' | 'note';

/**
 * A member's photos, fields and notes in one query (one statement instead of three on the path
 * of every profile view and user.php poll): photo rows carry id, thumbnail, file and review; field
 * and note rows carry name and value in the same columns.
 */
function extrasQuery(db: Kysely<Database>, memberId: number, own: boolean) {
  let photos = db
    .selectFrom('images')
    .select((eb) => [
      sql.lit<ExtraKind>('photo').as('kind'),
      eb.ref('id').$castTo<number | null>().as('id'),
      'thumb_filename as name',
      'filename as value',
      eb.ref('review').$castTo<ImageReview | null>().as('review'),
    ])
    .where('member_id', '=', memberId);
  if (!own) photos = photos.where('review', '=', 'approved');
  const texts = (kind: ExtraKind, table: 'member_fields' | 'member_notes') =>
    db
      .selectFrom(table)
      .select([
        sql.lit<ExtraKind>(kind).as('kind'),
        sql<number | null>`null`.as('id'),
        'name',
        'value',
        sql<ImageReview | null>`null`.as('review'),
      ])
      .where('member_id', '=', memberId);
  // No ORDER BY: sorting the compound costs SQLite more than the three reads; photos are sorted
  // below, and fields and notes become objects.
  return photos.unionAll(texts('field', 'member_fields')).unionAll(texts('note', 'member_notes'));
}
const ownExtras = prepared((db, p: { memberId: number }) => extrasQuery(db, p.memberId, true));
const publicExtras = prepared((db, p: { memberId: number }) => extrasQuery(db, p.memberId, false));

/** A photo as a full profile lists it; `review` is only set on photos others cannot see. */
export interface ProfilePhoto {
  id: number;
  thumb_filename: string;
  filename: string;
  review?: 'pending' | 'hidden';
}

/**
 * A member's photos (oldest first), profile fields and notes: what a full profile shows. Others
 * (`own` false) only get approved photos; the owner gets all, marked with their review state.
 */
export async function memberExtras(db: Kysely<Database>, memberId: number, own: boolean) {
  const rows = await (own ? ownExtras : publicExtras).all(db, { memberId });
  const images: ProfilePhoto[] = [];
  const fields: NamedText[] = [];
  const notes: NamedText[] = [];
  for (const row of rows) {
    if (row.kind === 'field') fields.push({ name: row.name, value: row.value });
    else if (row.kind === 'note') notes.push({ name: row.name, value: row.value });
    else {
      const photo = { id: Number(row.id), thumb_filename: row.name, filename: row.value };
      images.push(
        !row.review || row.review === 'approved' ? photo : { ...photo, review: row.review },
      );
    }
  }
  images.sort((a, b) => a.id - b.id);
  return { images, fields, notes };
}

/** A profile field or note. */
interface NamedText {
  name: string;
  value: string;
}

/** How two members stand to each other: may one like, message or see the other? */
export interface PairState {
  /** Any member row with the other id, whatever its state. */
  exists: boolean;
  /** Active or not confirmed, and not deleted. */
  visible: boolean;
  blockedByMe: boolean;
  blocksMe: boolean;
}

/** The pair state of `memberId` towards `otherId`. */
export async function pairState(
  db: Kysely<Database> | Transaction<Database>,
  memberId: number,
  otherId: number,
): Promise<PairState> {
  const [member, blocks] = await Promise.all([
    db
      .selectFrom('members')
      .select(['status', 'deleted_at'])
      .where('id', '=', otherId)
      .executeTakeFirst(),
    db
      .selectFrom('blocks')
      .select('member_id')
      .where((eb) =>
        eb.or([
          eb.and([eb('member_id', '=', memberId), eb('blocked_id', '=', otherId)]),
          eb.and([eb('member_id', '=', otherId), eb('blocked_id', '=', memberId)]),
        ]),
      )
      .execute(),
  ]);
  return toPairState(
    member,
    blocks.some((b) => b.member_id === memberId),
    blocks.some((b) => b.member_id === otherId),
  );
}

/** A pair state from the other member's row (undefined: no such member) and the two blocks. */
export function toPairState(
  other: { status: string; deleted_at: number | null } | undefined,
  blockedByMe: boolean,
  blocksMe: boolean,
): PairState {
  return {
    exists: other !== undefined,
    visible:
      other !== undefined &&
      other.deleted_at === null &&
      (other.status === 'active' || other.status === 'not_confirmed'),
    blockedByMe,
    blocksMe,
  };
}
