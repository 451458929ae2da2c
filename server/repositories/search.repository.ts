/** Member search (SPEC §7 search.php): filters map onto the members_search_* indexes. */
import type { Kysely } from 'kysely';
import type { Gender, Language, Profile } from '../../src/api/contract';
import { ageOn } from '../lib/dates';
import type { Database } from '../db/schema';

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

/** One page of profiles and the total count. */
export interface SearchResult {
  profiles: Profile[];
  total: number;
}

/** Runs member searches. */
export class SearchRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async search(f: SearchFilter): Promise<SearchResult> {
    let q = this.db
      .selectFrom('members as m')
      .where('m.status', 'in', ['active', 'not_confirmed'])
      .where('m.deleted_at', 'is', null);
    if (f.country !== null) q = q.where('m.country', '=', f.country);
    if (f.countryregion !== null) q = q.where('m.countryregion', '=', f.countryregion);
    if (f.gender !== null) q = q.where('m.gender', '=', f.gender);
    if (f.bornOnOrBefore !== null) q = q.where('m.date_of_birth', '<=', f.bornOnOrBefore);
    if (f.bornAfter !== null) q = q.where('m.date_of_birth', '>', f.bornAfter);
    const viewerId = f.viewerId;
    if (viewerId !== null) {
      q = q
        .where('m.id', '!=', viewerId)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('blocks as b')
                .select('b.member_id')
                .where('b.member_id', '=', viewerId)
                .whereRef('b.blocked_id', '=', 'm.id'),
            ),
          ),
        )
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('blocks as b')
                .select('b.member_id')
                .whereRef('b.member_id', '=', 'm.id')
                .where('b.blocked_id', '=', viewerId),
            ),
          ),
        );
    }

    const [count, rows] = await Promise.all([
      q.select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirst(),
      q
        .leftJoin('images as i', 'i.id', 'm.main_image_id')
        .select([
          'm.id',
          'm.name',
          'm.date_of_birth',
          'm.city',
          'm.country',
          'm.language',
          'i.thumb_filename',
        ])
        .orderBy('m.last_active', 'desc')
        .orderBy('m.id', 'desc')
        .limit(f.limit)
        .offset(f.offset)
        .execute(),
    ]);

    return {
      total: Number(count?.n ?? 0),
      profiles: rows.map((r) => ({
        id: r.id,
        name: r.name,
        age: r.date_of_birth ? ageOn(r.date_of_birth, f.today) : null,
        city: r.city,
        country: r.country,
        language: r.language as Language,
        main_image: r.thumb_filename ? { thumb_filename: r.thumb_filename } : null,
      })),
    };
  }
}
