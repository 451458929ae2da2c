/**
 * Lander calls of the wire contract: landers, member landers, the match finder, sign-up matches
 * and the lander privacy setting.
 */
import { z } from 'zod';
import { countryCode, Gender, id, Image, Language, MAX_AGE, MIN_AGE, Profile } from './fields';

/** The niches of lander slugs (SPEC §2.5): niche number → slug prefix. */
export const LANDER_NICHE_PREFIXES = {
  1: '',
  2: 'she-',
  3: 'bdsm-',
  4: 'bbw-',
  5: 'gilf-',
  6: 'milf-',
  7: 'gay-',
} as const;
export type LanderNiche = keyof typeof LANDER_NICHE_PREFIXES;
/** How many member cards a lander shows at most. */
export const LANDER_PROFILES_MAX = 24;

/** GET /api/lander.php?slug=: the members a lander shows (its niche and language from the slug). */
export const LanderQuery = z.object({
  slug: z.string().max(20),
  /** The visitor's traffic source: lets visitors see cards under logged_out_search_trafficsource. */
  trafficsource: z.string().max(100).optional(),
});
export const LanderResponse = z.object({
  language: Language,
  niche: z.number().int().min(1).max(7),
  /** Cards only: no e-mail, birth date or coordinates. Empty when logged-out search is off. */
  profiles: z.array(Profile),
  /** How many members fit the niche (rounded down to a hundred above 100, for the headline). */
  total: z.number().int().nonnegative(),
});
export type LanderResponse = z.infer<typeof LanderResponse>;

/** GET /api/member_lander.php?member=: one member's public card for their invitation page. */
export const MemberLanderQuery = z.object({
  member: id,
  trafficsource: z.string().max(100).optional(),
});
/** null when the member cannot be shown (deleted, banned, hidden, blocked or opted out). */
export const MemberLanderResponse = z.object({ profile: Profile.nullable() });
export type MemberLanderResponse = z.infer<typeof MemberLanderResponse>;

/** GET /api/match_finder.php: the quiz answers → how many fit and some blurred cards. */
export const MatchFinderQuery = z
  .object({
    gender: Gender,
    min_age: z.coerce.number().int().min(MIN_AGE).max(MAX_AGE),
    max_age: z.coerce.number().int().min(MIN_AGE).max(MAX_AGE),
    country: countryCode.optional(),
    countryregion: z.coerce.number().int().min(0).max(100000).optional(),
    trafficsource: z.string().max(100).optional(),
  })
  .refine((q) => q.min_age <= q.max_age, {
    message: 'min_age must not be greater than max_age',
    path: ['min_age'],
  });
export type MatchFinderQuery = z.infer<typeof MatchFinderQuery>;
export const MatchFinderResponse = z.object({
  count: z.number().int().nonnegative(),
  /** Pictures and first names only; the page shows them blurred until sign-up. */
  profiles: z.array(z.object({ id: z.number().int(), main_image: Image.nullable() })),
});
export type MatchFinderResponse = z.infer<typeof MatchFinderResponse>;

/**
 * GET /api/signup_matches.php: members who fit a new member's profile, to like at once. Without
 * `gender` the other gender of the member's own; pass what the visitor chose (match-finder answer,
 * or the member's own gender after a gay- lander). Without ages: 5 years around the member's age.
 */
export const SignupMatchesQuery = z
  .object({
    gender: Gender.optional(),
    min_age: z.coerce.number().int().min(MIN_AGE).max(MAX_AGE).optional(),
    max_age: z.coerce.number().int().min(MIN_AGE).max(MAX_AGE).optional(),
  })
  .refine((q) => q.min_age === undefined || q.max_age === undefined || q.min_age <= q.max_age, {
    message: 'min_age must not be greater than max_age',
    path: ['min_age'],
  });
export type SignupMatchesQuery = z.infer<typeof SignupMatchesQuery>;
export const SignupMatchesResponse = z.object({ profiles: z.array(Profile) });
export type SignupMatchesResponse = z.infer<typeof SignupMatchesResponse>;

/** PUT /api/privacy.php: whether the member appears on invitation pages. */
export const PrivacyBody = z.object({ lander_opt_out: z.boolean() });
export type PrivacyBody = z.infer<typeof PrivacyBody>;
