/**
 * Members and search calls of the wire contract: search, a member profile, webcams.
 */
import { z } from 'zod';
import {
  countryCode,
  Gender,
  id,
  Image,
  Language,
  MAX_AGE,
  MIN_AGE,
  Profile,
  queryFlag,
} from './fields';

export const SearchQuery = z
  .object({
    // first (automatic) load
    source: z.string().max(50).optional(),
    pp: z.coerce.number().int().min(1).max(100).optional(),
    auto_load: queryFlag.optional(),
    hideNudity: queryFlag.optional(),
    searchAllCountries: queryFlag.optional(),
    trafficsource: z.string().max(100).optional(),
    // manual search
    country: z.union([z.literal(''), countryCode]).optional(),
    countryregion: z.coerce.number().int().min(0).max(100000).optional(),
    min_age: z.coerce.number().int().min(MIN_AGE).max(MAX_AGE).optional(),
    max_age: z.union([z.literal(''), z.coerce.number().int().min(MIN_AGE).max(MAX_AGE)]).optional(),
    gender: z.union([z.literal(''), Gender]).optional(),
    page: z.coerce.number().int().min(1).max(10000).optional(),
    manual_search: queryFlag.optional(),
    do_not_save: queryFlag.optional(),
  })
  .refine(
    (q) => q.min_age === undefined || typeof q.max_age !== 'number' || q.min_age <= q.max_age,
    { message: 'min_age must not be greater than max_age', path: ['min_age'] },
  );
export type SearchQuery = z.infer<typeof SearchQuery>;

export const FilterOptions = z.object({
  gender: z.union([z.literal(''), Gender]),
  min_age: z.number().int(),
  max_age: z.number().int().nullable(),
  country: z.string(),
  countryregion: z.number().int(),
});
export type FilterOptions = z.infer<typeof FilterOptions>;

export const SearchResponse = z.object({
  profiles: z.array(Profile),
  paging: z.object({ num_results: z.number().int(), page: z.number().int(), pp: z.number().int() }),
  filter_options: FilterOptions,
});
export type SearchResponse = z.infer<typeof SearchResponse>;

export const CamsQuery = z
  .object({
    gender: z.union([z.literal(''), Gender]).optional(),
    min_age: z.coerce.number().int().min(MIN_AGE).max(MAX_AGE).optional(),
    max_age: z.coerce.number().int().min(MIN_AGE).max(MAX_AGE).optional(),
  })
  .refine((q) => q.min_age === undefined || q.max_age === undefined || q.min_age <= q.max_age, {
    message: 'min_age must not be greater than max_age',
    path: ['min_age'],
  });
export type CamsQuery = z.infer<typeof CamsQuery>;
/** A webcam performer's account name: it goes into paths and partner addresses, so it stays plain. */
export const CamAccount = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid account');
export const CamEntry = z.object({
  account: CamAccount,
  name: z.string().optional(),
  age: z.number().int().optional(),
  gender: Gender.optional(),
  country: z.string().optional(),
  languages: z.array(z.string()).optional(),
  /** Full snapshot address when the feed names one; otherwise settings.cams_snapshot_prefix + account. */
  snapshot: z.string().optional(),
});
export type CamEntry = z.infer<typeof CamEntry>;
export const CamsResponse = z.object({ cams: z.record(z.string(), CamEntry) });
export type CamsResponse = z.infer<typeof CamsResponse>;
export const CamRedirectQuery = z.object({ account: CamAccount });
export const CamSnapshotParams = z.object({ account: CamAccount });
/** Where a sponsored ad leads; redirect=1 answers 302, otherwise the address as JSON. */
export const ResellPartnerQuery = z.object({
  flow: z.enum(['profile-search']),
  redirect: queryFlag.optional(),
});
export const ResellPartnerResponse = z.object({ url: z.string() });

/** GET /api/profile.php?id=: the member whose profile page is opened. */
export const ProfileDetailsQuery = z.object({ id });
export type ProfileDetailsQuery = z.infer<typeof ProfileDetailsQuery>;

/** A photo of a member; `filename` is the full-size file when the server has one. */
export const ProfileImage = Image.extend({ filename: z.string().optional() });
export type ProfileImage = z.infer<typeof ProfileImage>;

/** A member's full profile as another member (or a visitor) sees it. */
export const ProfileDetails = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int().nullable(),
  gender: Gender.nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  countryregion: z.number().int().nullable(),
  /** Name of the region `countryregion` (settings.region_data), null when unknown. */
  region: z.string().nullable(),
  language: Language,
  main_image: ProfileImage.nullable(),
  images: z.array(ProfileImage),
  /** Select-field value keys (profile_fields.php), only the site's visible_profile_fields. */
  fields: z.record(z.string(), z.string()),
  /** Free-text notes, only the site's visible_profile_notes. */
  notes: z.record(z.string(), z.string()),
  /** About me. */
  personal: z.string().nullable(),
  /** The viewer likes this member (always false for visitors). */
  liked: z.boolean(),
  /** This member likes the viewer (always false for visitors). */
  did_like_profile: z.boolean(),
  /** A premium member (badge). */
  premium: z.boolean().optional(),
});
export type ProfileDetails = z.infer<typeof ProfileDetails>;
