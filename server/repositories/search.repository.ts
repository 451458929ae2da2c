/**
 * Member search (SPEC §7 search.php): filters map onto the partial members_visible_* indexes, whose
 * predicate leaves out members a moderator took out of search.
 */
import type { CompiledQuery, Kysely } from 'kysely';
import type { Gender, Profile } from '../../src/shared/contract/fields';
import { prepared, type PreparedQuery } from '../db/prepared';
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

/** The values a search statement takes; which of them it uses depends on the filter's shape. */
type SearchArgs = SearchFilter & { now: number };

/**
 * The members a filter matches: `shape` decides which conditions there are, `v` fills them (real
 * values, or a prepared query's placeholders).
 */
function matching(db: Kysely<Database>, shape: SearchFilter, v: SearchArgs) {
  let q = db.selectFrom('members as m').where(SEARCHABLE_MEMBER);
  if (shape.country !== null) q = q.where('m.country', '=', v.country);
  if (shape.countryregion !== null) q = q.where('m.countryregion', '=', v.countryregion);
  if (shape.gender !== null) q = q.where('m.gender', '=', v.gender);
  if (shape.bornOnOrBefore !== null) q = q.where('m.date_of_birth', '<=', v.bornOnOrBefore);
  if (shape.bornAfter !== null) q = q.where('m.date_of_birth', '>', v.bornAfter);
  if (shape.viewerId !== null) {
    const viewer = v.viewerId ?? 0;
    q = q.where('m.id', '!=', viewer).where(notBlockedWith(viewer));
  }
  return q;
}

function countQuery(db: Kysely<Database>, shape: SearchFilter, v: SearchArgs) {
  return matching(db, shape, v).select(({ fn }) => fn.countAll<number>().as('n'));
}

function pageQuery(db: Kysely<Database>, shape: SearchFilter, v: SearchArgs) {
  return matching(db, shape, v)
    .leftJoin('images as i', mainImage)
    .select(PROFILE_COLUMNS)
    .select(premiumColumn(v.now))
    .orderBy('m.last_active', 'desc')
    .orderBy('m.id', 'desc')
    .limit(v.limit)
    .offset(v.offset);
}

/** Which conditions a filter has: each combination is one statement pair, prepared once. */
function shapeKey(f: SearchFilter): string {
  return [f.country, f.countryregion, f.gender, f.bornOnOrBefore, f.bornAfter, f.viewerId]
    .map((value) => (value === null ? '-' : '+'))
    .join('');
}

/** The prepared page and count of one shape (at most 2^6 of them). */
interface PreparedSearch {
  page: PreparedQuery<SearchArgs, ProfileRow>;
  count: PreparedQuery<SearchArgs, { n: number }>;
}
const preparedByShape = new Map<string, PreparedSearch>();

function preparedSearch(f: SearchFilter): PreparedSearch {
  const key = shapeKey(f);
  let found = preparedByShape.get(key);
  if (!found) {
    found = {
      page: prepared((db, v: SearchArgs) => pageQuery(db, f, v)),
      count: prepared((db, v: SearchArgs) => countQuery(db, f, v)),
    };
    preparedByShape.set(key, found);
  }
  return found;
}

/** Runs member searches. */
export class SearchRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Page and count statements for a filter, ordered newest activity first (ties by id); `now`
   * decides which cards carry the premium badge. The same SQL `page` and `count` run, prepared.
   */
  compile(f: SearchFilter, now = Date.now()): SearchQueries {
    const args = { ...f, now };
    return {
      page: pageQuery(this.db, f, args).compile(),
      count: countQuery(this.db, f, args).compile(),
    };
  }

  /** The profiles of one page. */
  async page(f: SearchFilter): Promise<Profile[]> {
    const rows = await preparedSearch(f).page.all(this.db, { ...f, now: Date.now() });
    return rows.map((r) => toProfileCard(r, f.today));
  }

  /** How many members match, over all pages. */
  async count(f: SearchFilter): Promise<number> {
    const counted = await preparedSearch(f).count.first(this.db, { ...f, now: Date.now() });
    return Number(counted?.n ?? 0);
  }
}
