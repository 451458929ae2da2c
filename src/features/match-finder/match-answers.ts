/**
 * The match-finder's answers (issue 14): kept in the tab (sessionStorage) from the quiz until
 * they are used: after sign-up the member's own gender and place go into the profile, what they
 * look for into the first search, and the members shown right after sign-up follow them too.
 */
import { type UserUpdateBody } from '../../shared/contract/account';
import { MAX_AGE, type Gender } from '../../shared/contract/fields';
import { type MatchFinderQuery, type SignupMatchesQuery } from '../../shared/contract/landers';
import type { SearchFilters } from '../../db/db';
import { AGE_RANGES, type AgeRange } from '../members/filter-options';
import { tabStorage } from '../../lib/tab-storage';

export interface MatchAnswers {
  own: Gender;
  seeking: Gender;
  age: AgeRange['id'];
  /** A site country (upper case). */
  country: string;
  /** 0: the whole country. */
  countryregion: number;
}

/** The answers and whether they already went into the new account. */
export interface StoredAnswers {
  answers: MatchAnswers;
  applied: boolean;
}

export const ANSWERS_KEY = 'amora.match-finder';

const GENDERS: readonly string[] = ['male', 'female'];

/** Narrows stored JSON to answers; anything else (an older shape, a hand edit) counts as none. */
export function parseAnswers(value: unknown): StoredAnswers | null {
  if (typeof value !== 'object' || value === null) return null;
  const { answers, applied } = value as Partial<StoredAnswers>;
  if (typeof answers !== 'object' || answers === null || typeof applied !== 'boolean') return null;
  const a = answers as Partial<MatchAnswers>;
  const valid =
    GENDERS.includes(a.own ?? '') &&
    GENDERS.includes(a.seeking ?? '') &&
    AGE_RANGES.some((r) => r.id === a.age) &&
    typeof a.country === 'string' &&
    /^[A-Z]{2}$/.test(a.country) &&
    Number.isInteger(a.countryregion) &&
    (a.countryregion ?? -1) >= 0;
  return valid ? { answers: a as MatchAnswers, applied } : null;
}

export function saveAnswers(answers: MatchAnswers, applied = false): void {
  try {
    tabStorage()?.setItem(
      ANSWERS_KEY,
      JSON.stringify({ answers, applied } satisfies StoredAnswers),
    );
  } catch {
    // quota or privacy mode: this page still has them
  }
}

export function readAnswers(): StoredAnswers | null {
  try {
    const raw = tabStorage()?.getItem(ANSWERS_KEY);
    return raw ? parseAnswers(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

export function clearAnswers(): void {
  try {
    tabStorage()?.removeItem(ANSWERS_KEY);
  } catch {
    // nothing to clear where storage is blocked
  }
}

function ages(answers: MatchAnswers) {
  const range = AGE_RANGES.find((r) => r.id === answers.age) ?? AGE_RANGES[0];
  return { min_age: range.min, max_age: range.max };
}

/** GET /api/match_finder.php's query; "over 65" asks up to the oldest age there is. */
export function matchQuery(answers: MatchAnswers, trafficsource?: string): MatchFinderQuery {
  const { min_age, max_age } = ages(answers);
  return {
    gender: answers.seeking,
    min_age,
    max_age: max_age ?? MAX_AGE,
    country: answers.country,
    countryregion: answers.countryregion,
    trafficsource,
  };
}

/** PUT /api/user.php: the member's own gender and place (the whole country when no region). */
export function profilePatch(answers: MatchAnswers): UserUpdateBody {
  return {
    profile: {
      gender: answers.own,
      country: answers.country,
      countryregion: answers.countryregion || null,
    },
  };
}

/** The first search's filters: who they look for, where, and how old. */
export function searchPatch(answers: MatchAnswers): SearchFilters {
  return {
    gender: answers.seeking,
    ...ages(answers),
    country: answers.country,
    countryregion: answers.countryregion,
  };
}

/** What the members shown right after sign-up should fit. */
export function matchesQuery(answers: MatchAnswers): SignupMatchesQuery {
  const { min_age, max_age } = ages(answers);
  return { gender: answers.seeking, min_age, max_age: max_age ?? MAX_AGE };
}
