/**
 * Members on the acquisition pages: lander cards, one member's invitation card, the match-finder's
 * pictures, the matches shown right after sign-up, and the member's opt-out. Every query walks a
 * members_visible_* index in activity order and stops at its limit. Photos come first: the members
 * with a photo, and when they are fewer than the limit (so all of them were read), the newest of
 * everyone to fill up, leaving out those already taken. (A "without a photo" query would look
 * selective enough for PostgreSQL to plan a full scan.)
 */
import { sql, type CompiledQuery, type Kysely, type SqlBool } from 'kysely';
import type { Gender, Profile } from '../../src/shared/contract/fields';
import type { Database } from '../db/schema';
import {
  mainImage,
  notBlockedWith,
  premiumColumn,
  PROFILE_COLUMNS,
  SEARCHABLE_MEMBER,
  toProfileCard,
  type ProfileRow,
} from './member-sql';

/** Which members fit, as column bounds (birth dates as in SearchFilter). */
export interface MemberBounds {
  gender: Gender | null;
  /** Birth date on or before this (minimum age). */
  bornOnOrBefore: string | null;
  /** Birth date after this (maximum age). */
  bornAfter: string | null;
  country?: string | null;
  countryregion?: number | null;
}

/** Bounds plus who is looking: never themselves, no one blocked either way. */
export interface ShownFilter extends MemberBounds {
  viewerId: number | null;
  /** Day the ages are computed for (ISO). */
  today: string;
  /** Decides which cards carry the premium badge. */
  now: number;
}

/** A member's picture without a name, for the match-finder's blurred cards. */
export interface Picture {
  id: number;
  main_image: { id: number; thumb_filename: string };
}

/** A row of the match-finder's pictures (left-joined, so the image columns may be null). */
interface PictureRow {
  id: number;
  image_id: number | null;
  thumb_filename: string | null;
}

/** Where sign-up matches live relative to the new member's country. */
export type MatchPlace = 'here' | 'elsewhere' | 'anywhere';

/**
 * Who of the searchable members may appear on a page for visitors: not opted out of invitation
 * pages, and a real member (fictional profiles carry an icon elsewhere; these cards have none).
 */
const ON_INVITATION_PAGES = sql<SqlBool>`(m.lander_opt_out = ${false} and m.fictional = ${false})`;

/**
 * Up to `limit` rows, those with a photo first: `read(true, n)` gives the newest n with a photo,
 * `read(false, n)` the newest n of everyone.
 */
async function photosFirst<R extends { id: number }>(
  limit: number,
  read: (photoOnly: boolean, n: number) => Promise<{ rows: R[] }>,
): Promise<R[]> {
  const { rows } = await read(true, limit);
  if (rows.length >= limit) return rows;
  // Every member with a photo is in `rows`, so `limit` of everyone holds enough others.
  const taken = new Set(rows.map((r) => r.id));
  const others = (await read(false, limit)).rows.filter((r) => !taken.has(r.id));
  return [...rows, ...others.slice(0, limit - rows.length)];
}

/** Reads and writes what the acquisition pages show. */
export class LanderRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Searchable members within `f` (SEARCHABLE_MEMBER, so the members_visible_* indexes give the
   * order), left-joined to their main photo when others may see it.
   */
  private shown(f: ShownFilter, photoOnly: boolean) {
    let q = this.db
      .selectFrom('members as m')
      .leftJoin('images as i', mainImage)
      .where(SEARCHABLE_MEMBER);
    if (photoOnly) q = q.where(sql<SqlBool>`i.id is not null`);
    if (f.gender !== null) q = q.where('m.gender', '=', f.gender);
    if (f.country) q = q.where('m.country', '=', f.country);
    if (f.countryregion) q = q.where('m.countryregion', '=', f.countryregion);
    if (f.bornOnOrBefore !== null) q = q.where('m.date_of_birth', '<=', f.bornOnOrBefore);
    if (f.bornAfter !== null) q = q.where('m.date_of_birth', '>', f.bornAfter);
    if (f.viewerId !== null) {
      q = q.where('m.id', '!=', f.viewerId).where(notBlockedWith(f.viewerId));
    }
    return q;
  }

  /** The statement of one part of `cards`: members of `f` with a photo, or everyone. */
  compileCards(f: ShownFilter, photoOnly: boolean, limit: number): CompiledQuery<ProfileRow> {
    return this.shown(f, photoOnly)
      .where(ON_INVITATION_PAGES)
      .select(PROFILE_COLUMNS)
      .select(premiumColumn(f.now))
      .orderBy('m.last_active', 'desc')
      .orderBy('m.id', 'desc')
      .limit(limit)
      .compile();
  }

  /** Cards of `f` for invitation pages, newest activity first, members with a photo first. */
  async cards(f: ShownFilter, limit: number): Promise<Profile[]> {
    const rows = await photosFirst(limit, (photoOnly, n) =>
      this.db.executeQuery(this.compileCards(f, photoOnly, n)),
    );
    return rows.map((r) => toProfileCard(r, f.today));
  }

  /** The statement of `pictures`. */
  compilePictures(f: ShownFilter, limit: number): CompiledQuery<PictureRow> {
    return this.shown(f, true)
      .where(ON_INVITATION_PAGES)
      .select(['m.id', 'i.id as image_id', 'i.thumb_filename'])
      .orderBy('m.last_active', 'desc')
      .orderBy('m.id', 'desc')
      .limit(limit)
      .compile();
  }

  /** Photos of members in `f` who may appear on invitation pages, newest activity first. */
  async pictures(f: ShownFilter, limit: number): Promise<Picture[]> {
    const { rows } = await this.db.executeQuery(this.compilePictures(f, limit));
    return rows.flatMap((r) =>
      r.image_id === null || r.thumb_filename === null
        ? []
        : [{ id: r.id, main_image: { id: r.image_id, thumb_filename: r.thumb_filename } }],
    );
  }

  /** One member's card for their invitation page, or null when it may not be shown to `viewerId`. */
  async memberCard(
    memberId: number,
    viewerId: number | null,
    today: string,
    now: number,
  ): Promise<Profile | null> {
    let q = this.db
      .selectFrom('members as m')
      .leftJoin('images as i', mainImage)
      .where('m.id', '=', memberId)
      .where(SEARCHABLE_MEMBER)
      .where(ON_INVITATION_PAGES);
    if (viewerId !== null) q = q.where(notBlockedWith(viewerId));
    const row = await q.select(PROFILE_COLUMNS).select(premiumColumn(now)).executeTakeFirst();
    return row ? toProfileCard(row, today) : null;
  }

  /**
   * The statement of one part of `matches`: members of `f` whom the viewer has not liked, in
   * `f.country` (here), outside it (elsewhere) or anywhere; with a photo, or everyone.
   */
  compileMatches(
    f: ShownFilter & { viewerId: number },
    place: MatchPlace,
    photoOnly: boolean,
    limit: number,
  ): CompiledQuery<ProfileRow> {
    let q = this.shown({ ...f, country: place === 'here' ? f.country : null }, photoOnly).where(
      sql<SqlBool>`not exists (select 1 from likes l where l.member_id = ${f.viewerId} and l.profile_id = m.id and l.liked = ${true})`,
    );
    if (place === 'elsewhere') {
      q = q.where((eb) =>
        eb.or([eb('m.country', '!=', f.country ?? ''), eb('m.country', 'is', null)]),
      );
    }
    return q
      .select(PROFILE_COLUMNS)
      .select(premiumColumn(f.now))
      .orderBy('m.last_active', 'desc')
      .orderBy('m.id', 'desc')
      .limit(limit)
      .compile();
  }

  /**
   * Up to `limit` cards for a new member: members in `f` they have not liked, in their country
   * first (`f.country`), then anywhere else; with a photo first within each.
   */
  async matches(f: ShownFilter & { viewerId: number }, limit: number): Promise<Profile[]> {
    const rows: ProfileRow[] = [];
    const places: MatchPlace[] = f.country ? ['here', 'elsewhere'] : ['anywhere'];
    for (const place of places) {
      if (rows.length >= limit) break;
      const wanted = limit - rows.length;
      rows.push(
        ...(await photosFirst(wanted, (photoOnly, n) =>
          this.db.executeQuery(this.compileMatches(f, place, photoOnly, n)),
        )),
      );
    }
    return rows.map((r) => toProfileCard(r, f.today));
  }

  /** Whether the member keeps off invitation pages. */
  async setOptOut(memberId: number, optOut: boolean): Promise<void> {
    await this.db
      .updateTable('members')
      .set({ lander_opt_out: optOut })
      .where('id', '=', memberId)
      .execute();
  }
}
