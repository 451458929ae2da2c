/**
 * Member search (SPEC §7 search.php): filters map onto the partial members_visible_* indexes, whose
 * predicate leaves out members a moderator took out of search.
 */
import type { CompiledQuery, Kysely } from 'kysely';
import type { Gender, Profile } from '../../src/api/contract';
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

/** A search already translated into column bounds. */
export interface SearchFilter {
  gender: Gender | null;
  country: string | null;
  /** null means every region. */
  countryregion: number | null;
  /** Birth date must be on or before this (minimum age). */
  bornOnOrBefore: string | null;
  /** Birth date must be after this (maximum age). */
  bornAfter: string | null;
  /** The searching member: never in the results, and no one blocked either way. */
  viewerId: number | null;
  limit: number;
  offset: number;
  /** Day the ages are computed for (ISO). */
  today: string;
}

/** The two statements one search runs; the search-plan test EXPLAINs exactly these. */
export interface SearchQueries {
  page: CompiledQuery;
  count: CompiledQuery;
}

/** Runs member searches. */
export class SearchRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Page and count statements for a filter, ordered newest activity first (ties by id); `now`
   * decides which cards carry the premium badge.
   */
  compile(f: SearchFilter, now = Date.now()): SearchQueries {
    let q = this.db.selectFrom('members as m').where(SEARCHABLE_MEMBER);
    if (f.country !== null) q = q.where('m.country', '=', f.country);
    if (f.countryregion !== null) q = q.where('m.countryregion', '=', f.countryregion);
    if (f.gender !== null) q = q.where('m.gender', '=', f.gender);
    if (f.bornOnOrBefore !== null) q = q.where('m.date_of_birth', '<=', f.bornOnOrBefore);
    if (f.bornAfter !== null) q = q.where('m.date_of_birth', '>', f.bornAfter);
    if (f.viewerId !== null)
      q = q.where('m.id', '!=', f.viewerId).where(notBlockedWith(f.viewerId));
    return {
      count: q.select(({ fn }) => fn.countAll<number>().as('n')).compile(),
      page: q
        .leftJoin('images as i', mainImage)
        .select(PROFILE_COLUMNS)
        .select(premiumColumn(now))
        .orderBy('m.last_active', 'desc')
        .orderBy('m.id', 'desc')
        .limit(f.limit)
        .offset(f.offset)
        .compile(),
    };
  }

  /** The profiles of one page. */
  async page(f: SearchFilter): Promise<Profile[]> {
    const rows = await this.db.executeQuery<ProfileRow>(this.compile(f).page);
    return rows.rows.map((r) => toProfileCard(r, f.today));
  }

  /** How many members match, over all pages. */
  async count(f: SearchFilter): Promise<number> {
    const counted = await this.db.executeQuery<{ n: number }>(this.compile(f).count);
    return Number(counted.rows[0]?.n ?? 0);
  }
}
