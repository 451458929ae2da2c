/**
 * The site data calls of the wire contract: settings, company, regions, profile fields, interests,
 * places, health and the developer panel.
 */
import { z } from 'zod';
import { ApiError, Language, Region } from './fields';

export const SignupsMode = z.enum(['all', 'with_trafficsource', 'off']);

export const Company = z.object({
  name: z.string(),
  address: z.string(),
  kvk: z.string(),
  city: z.string(),
  country: z.string(),
  tradenames: z.array(z.string()),
  vat_numbers: z.array(z.string()),
});
export type Company = z.infer<typeof Company>;

export const Settings = z.object({
  name: z.string(),
  domain_language: Language,
  signups: SignupsMode,
  countries: z.array(z.string()),
  region_data: z.record(z.string(), z.array(Region)),
  visible_profile_fields: z.array(z.string()),
  visible_profile_notes: z.array(z.string()),
  cdn_prefix: z.string(),
  geoip_selected_country: z.string().nullable(),
  geoip_country: z.string().nullable(),
  minimum_message_costs: z.record(
    z.string(),
    z.object({ costs: z.number(), currency: z.string() }),
  ),
  logged_out_search: z.boolean(),
  logged_out_search_trafficsource: z.boolean(),
  push_pub: z.string().nullable(),
  niche: z.number().int().min(1).max(7),
  fictional_icon: z.boolean(),
  support_phone: z.string(),
  search_fields: z.array(z.string()),
  member_resell: z.array(z.enum(['cams', 'camads'])),
  delete_discount: z.boolean(),
  company: Company,
  /** Webcam snapshot address = this prefix + account (SPEC §7 "image host"); absent: no snapshots. */
  cams_snapshot_prefix: z.string().optional(),
});
export type Settings = z.infer<typeof Settings>;

export const ProfileFieldsResponse = z.record(
  z.string(),
  z.object({ type: z.enum(['select', 'text']), allowed_values: z.array(z.string()) }),
);
export type ProfileFieldsResponse = z.infer<typeof ProfileFieldsResponse>;

export const RegionsResponse = z.record(z.string(), z.array(Region));
export const InterestsResponse = z.object({
  interests: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export const CompanyInfoResponse = Company.extend({
  support_phone: z.string(),
  site_name: z.string(),
});

/** A decimal degree from a query string: an empty or non-numeric value is refused, not read as 0. */
const degrees = (limit: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^[-+]?(\d+\.?\d*|\.\d+)$/, 'Must be a number'),
    ])
    .transform(Number)
    .pipe(z.number().min(-limit).max(limit));
/** GET /api/geocode.php: a position in WGS84 decimal degrees. */
export const GeocodeQuery = z.object({ lat: degrees(90), lon: degrees(180) });
/** The nearest place: country code, region id of region_data (0: unknown), place name. */
export const GeocodeResponse = z.object({
  country: z.string(),
  countryregion: z.number().int(),
  city: z.string(),
});
export type GeocodeResponse = z.infer<typeof GeocodeResponse>;
/** GET /api/health: readiness for load balancers and `npm start`. */
export const HealthResponse = z.object({
  status: z.literal('ok'),
  engine: z.enum(['sqlite', 'postgres']),
});
/** GET /api/health's 503: an ApiError (key `health.<first failed check>`) and every check's state. */
export const HealthUnavailable = ApiError.extend({
  checks: z.object({
    database: z.enum(['ok', 'failed']),
    /** `off` without REDIS_URL. */
    redis: z.enum(['ok', 'failed', 'off']),
    /** A shutdown has begun: the instance finishes its requests but takes no new ones. */
    draining: z.boolean(),
  }),
});
export type HealthUnavailable = z.infer<typeof HealthUnavailable>;
/** GET /api/health/live: liveness; 200 while the process runs, also while it drains. */
export const HealthLiveResponse = z.object({ status: z.literal('ok'), draining: z.boolean() });
/** GET /_i18n/{locale}/messages.json: a language code or tag such as en or en-US (SPEC §9). */
export const I18nParams = z.object({
  locale: z.string().regex(/^[A-Za-z]{2}(-[A-Za-z]{2})?$/, 'Locale must look like en or en-US'),
});
export const PageHiddenBody = z.object({}).loose();

/** POST /api/dev.php: the developer panel's server-side action (SPEC §1). */
export const DevActionBody = z.object({ action: z.enum(['zero-credits']) });
export type DevActionBody = z.infer<typeof DevActionBody>;
