/**
 * Who a lander shows and who may see it: the members of each slug niche (SPEC §2.5) and the
 * logged-out visibility rule search.php applies (SPEC §6).
 */
import type { LanderNiche } from '../../src/shared/contract/landers';
import { parseTrafficSource } from '../../src/shared/tracking-query';
import { birthDateBoundForMaxAge, latestBirthDateForAge } from '../lib/dates';
import type { SiteConfig } from '../config';
import type { MemberBounds } from '../repositories/lander.repository';

/**
 * The members of a niche. No profile field says bdsm or body type (lib/profile-fields.ts), so
 * bdsm- shows everyone and bbw- every woman.
 */
export const NICHE_AUDIENCE: Record<
  LanderNiche,
  { gender: 'male' | 'female' | null; minAge: number | null; maxAge: number | null }
> = {
  1: { gender: null, minAge: null, maxAge: null },
  2: { gender: 'female', minAge: null, maxAge: null },
  3: { gender: null, minAge: null, maxAge: null },
  4: { gender: 'female', minAge: null, maxAge: null },
  5: { gender: 'female', minAge: 60, maxAge: null },
  6: { gender: 'female', minAge: 35, maxAge: 55 },
  7: { gender: 'male', minAge: null, maxAge: null },
};

/** Column bounds of an age range on `today`; null ends are open. */
export function ageBounds(
  minAge: number | null,
  maxAge: number | null,
  today: string,
): Pick<MemberBounds, 'bornOnOrBefore' | 'bornAfter'> {
  return {
    bornOnOrBefore: minAge === null ? null : latestBirthDateForAge(minAge, today),
    bornAfter: maxAge === null ? null : birthDateBoundForMaxAge(maxAge, today),
  };
}

/** The column bounds of a niche on `today`. */
export function nicheBounds(niche: LanderNiche, today: string): MemberBounds {
  const { gender, minAge, maxAge } = NICHE_AUDIENCE[niche];
  return { gender, ...ageBounds(minAge, maxAge, today) };
}

/**
 * Whether a visitor may see member cards: logged_out_search, or logged_out_search_trafficsource
 * with a traffic source that names a network (the rule of search.php).
 */
export function visitorsMaySee(
  config: Pick<SiteConfig, 'logged_out_search' | 'logged_out_search_trafficsource'>,
  trafficsource: string | undefined,
): boolean {
  if (config.logged_out_search) return true;
  return (
    config.logged_out_search_trafficsource &&
    !!trafficsource &&
    parseTrafficSource(trafficsource).network !== undefined
  );
}

/** A headline count: exact up to 100, then rounded down to a hundred. */
export function headlineTotal(total: number): number {
  return total > 100 ? Math.floor(total / 100) * 100 : total;
}
