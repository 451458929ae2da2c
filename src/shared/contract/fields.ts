/**
 * Field types, limits and headers every area of the wire contract shares, and the error body every
 * call can answer with. Runtime-neutral: it imports nothing but zod and its plain numbers
 * (limits.ts).
 */
import { z } from 'zod';

// Pages and workers run under a CSP without eval, where zod's JIT probe is reported as a
// violation; only Node (the server) keeps the faster compiled parsers.
if (typeof (globalThis as { process?: unknown }).process === 'undefined')
  z.config({ jitless: true });

export * from './limits';

export const LANGUAGES = ['en', 'nl', 'de', 'it', 'fr', 'es', 'pl'] as const;
export const Language = z.enum(LANGUAGES);
export type Language = z.infer<typeof Language>;

export const id = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
export const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'Country must be a two-letter code')
  .transform((c) => c.toUpperCase());
/** Query strings carry booleans as 1/0/true/false. */
export const queryFlag = z
  .enum(['1', '0', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true');

export const Gender = z.enum(['male', 'female']);
export type Gender = z.infer<typeof Gender>;

/** Body of every 4xx/5xx answer. `message` is human-readable; `key` is an i18n key when one fits. */
export const ApiError = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  key: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** With key `banned` (403): why and since when; the page shows it on /pages/ban. */
  ban: z.object({ reason: z.string(), since: z.string() }).optional(),
});
export type ApiError = z.infer<typeof ApiError>;
/** The error key of a 403 that means "this account is banned" (the session has ended). */
export const BANNED_KEY = 'banned';
/** The error key of a 503 when the file storage (disk or object store) cannot be reached; try later. */
export const STORAGE_UNAVAILABLE_KEY = 'storage.unavailable';
export type BanDetails = NonNullable<ApiError['ban']>;

export const Region = z.object({ id: z.number().int().nonnegative(), name: z.string() });
export type Region = z.infer<typeof Region>;

/** Review states of a photo others cannot see yet (pending) or any more (hidden by a moderator). */
export const PHOTO_REVIEW_STATES = ['pending', 'hidden'] as const;
export const Image = z.object({
  id: z.number().int(),
  thumb_filename: z.string(),
  /** Only on the owner's own photos that others cannot see; absent means others see it. */
  review: z.enum(PHOTO_REVIEW_STATES).optional(),
});
export type Image = z.infer<typeof Image>;

export const Profile = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  language: Language,
  main_image: z.object({ thumb_filename: z.string() }).nullable(),
  /** A premium member (badge on cards). */
  premium: z.boolean().optional(),
});
export type Profile = z.infer<typeof Profile>;
/** An id in a JSON body: a real number, never coerced from a string, array or boolean. */
export const bodyId = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
