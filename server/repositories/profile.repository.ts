/**
 * One member's full profile for the profile page: who may see it (visible, not blocked either
 * way), the photos, the field values and notes, and the like state between viewer and member.
 */
import type { Kysely } from 'kysely';
import type { Gender, Language } from '../../src/shared/contract/fields';
import type { ProfileImage } from '../../src/shared/contract/members';
import type { Database } from '../db/schema';
import { ageOn } from '../lib/dates';
import {
  isNamedLiker,
  isPremium,
  memberExtras,
  notBlockedWith,
  premiumColumn,
  VISIBLE_MEMBER,
} from './member-sql';

/** A member's profile before the site's visibility lists and region names are applied. */
export interface MemberProfile {
  id: number;
  name: string;
  age: number | null;
  gender: Gender | null;
  city: string | null;
  country: string | null;
  countryregion: number | null;
  language: Language;
  main_image: ProfileImage | null;
  images: ProfileImage[];
  fields: Record<string, string>;
  notes: Record<string, string>;
  personal: string | null;
  liked: boolean;
  did_like_profile: boolean;
  /** Only for premium members (badge). */
  premium?: boolean;
}

/** Reads member profiles as another member (or a visitor) may see them. */
export class ProfileRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The profile of `id` as `viewerId` sees it (null: a visitor). Undefined when the member does
   * not exist, left, is banned, or blocked the viewer or was blocked by them; one's own profile
   * is always found. `now` decides whose premium runs.
   */
  async findVisible(
    id: number,
    viewerId: number | null,
    today: string,
    now: number,
  ): Promise<MemberProfile | undefined> {
    const own = viewerId === id;
    let query = this.db
      .selectFrom('members as m')
      .select([
        'm.id',
        'm.name',
        'm.gender',
        'm.date_of_birth',
        'm.city',
        'm.country',
        'm.countryregion',
        'm.language',
        'm.personal',
        'm.main_image_id',
      ])
      .select(premiumColumn(now))
      .where('m.id', '=', id);
    if (!own) query = query.where(VISIBLE_MEMBER);
    if (viewerId !== null && !own) query = query.where(notBlockedWith(viewerId));
    const row = await query.executeTakeFirst();
    if (!row) return undefined;

    const [{ images, fields, notes }, likes] = await Promise.all([
      memberExtras(this.db, id, own),
      viewerId === null || own ? null : this.likesBetween(viewerId, id, now),
    ]);
    return {
      id: row.id,
      name: row.name,
      age: row.date_of_birth ? ageOn(row.date_of_birth, today) : null,
      gender: row.gender,
      city: row.city,
      country: row.country,
      countryregion: row.countryregion,
      language: row.language as Language,
      main_image: images.find((image) => image.id === row.main_image_id) ?? null,
      images,
      fields: Object.fromEntries(fields.map((f) => [f.name, f.value])),
      notes: Object.fromEntries(notes.map((n) => [n.name, n.value])),
      personal: row.personal,
      liked: likes?.liked ?? false,
      did_like_profile: likes?.didLikeProfile ?? false,
      ...(row.premium ? { premium: true } : {}),
    };
  }

  /**
   * Whether `viewerId` likes `id` and whether `id` likes `viewerId`. The second is told to a
   * viewer without premium only when `id` is one of the likers the likes list names to them.
   */
  private async likesBetween(
    viewerId: number,
    id: number,
    now: number,
  ): Promise<{ liked: boolean; didLikeProfile: boolean }> {
    const rows = await this.db
      .selectFrom('likes')
      .select('member_id')
      .where((eb) =>
        eb.or([
          eb.and([eb('member_id', '=', viewerId), eb('profile_id', '=', id)]),
          eb.and([eb('member_id', '=', id), eb('profile_id', '=', viewerId)]),
        ]),
      )
      .where('liked', '=', true)
      .execute();
    const liked = rows.some((r) => r.member_id === viewerId);
    if (!rows.some((r) => r.member_id === id)) return { liked, didLikeProfile: false };
    const named =
      (await isPremium(this.db, viewerId, now)) || (await isNamedLiker(this.db, viewerId, id));
    return { liked, didLikeProfile: named };
  }
}
