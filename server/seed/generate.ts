/**
 * Makes demo members as plain objects, without touching the database: every draw comes from one
 * seeded Rng, so the same seed and clock give the same members on SQLite and PostgreSQL alike.
 */
import type { Gender, Language } from '../../src/shared/contract/fields';
import { PROFILE_FIELDS, type ProfileFieldName } from '../lib/profile-fields';
import { composeAboutMe, composeNotes } from './about-me';
import { firstNames } from './names';
import { PLACES, type Place } from './places';
import { weightedPicker, type Rng } from './random';

const DAY = 86_400_000;
const pickPlace = weightedPicker(PLACES, (p) => p.weight);

/** Value keys of one profile field, checked against the server's list at compile time. */
type Values<F extends ProfileFieldName> = readonly (typeof PROFILE_FIELDS)[F][number][];

// Repeated entries make a value more common without a weighted picker per field.
const EYES: Values<'eyes'> = ['blue', 'blue', 'brown', 'brown', 'brown', 'green', 'grey', 'hazel'];
const HAIR: Values<'hair'> = ['blond', 'brown', 'brown', 'black', 'red', 'other'];
const SMOKING: Values<'smoking'> = ['no', 'no', 'no', 'no', 'occasionally', 'yes'];
const WITH_CHILDREN: Values<'children'> = ['living_with_me', 'not_living_with_me'];
const WITHOUT_CHILDREN: Values<'children'> = ['none', 'want_children'];
const EDUCATION: Values<'education'> = [
  'secondary',
  'vocational',
  'vocational',
  'bachelor',
  'bachelor',
  'master',
  'doctorate',
  'other',
];
const HEIGHTS: Values<'height'> = PROFILE_FIELDS.height;

/** One generated member, before ids and files are assigned. */
export interface SeedMember {
  name: string;
  gender: Gender;
  date_of_birth: string;
  country: string;
  countryregion: number;
  city: string;
  language: Language;
  personal: string;
  status: 'active' | 'not_confirmed';
  signup_date: number;
  last_active: number;
  /** Index into the avatar pool of the member's gender. */
  avatar: number;
  fields: [ProfileFieldName, string][];
  /** [note name, text] pairs. */
  notes: [string, string][];
}

/** What generation needs besides the Rng: the clock and the avatar pool size. */
export interface GenerateContext {
  /** Reference time (start of today, UTC) that ages and activity are relative to. */
  now: number;
  avatarsPerGender: number;
}

/** A date of birth for someone exactly `age` years old on `now` (UTC), never on 29 February. */
export function birthDateForAge(now: number, age: number, daysPastBirthday: number): string {
  const today = new Date(now);
  const day = Math.min(today.getUTCDate(), today.getUTCMonth() === 1 ? 28 : 31);
  const birthday = Date.UTC(today.getUTCFullYear() - age, today.getUTCMonth(), day);
  return new Date(birthday - daysPastBirthday * DAY).toISOString().slice(0, 10);
}

/** Ages 18–80, most members between 25 and 50. */
function drawAge(rng: Rng): number {
  const r = rng.next();
  if (r < 0.1) return rng.int(18, 24);
  if (r < 0.78) return rng.int(25, 50);
  if (r < 0.94) return rng.int(51, 65);
  return rng.int(66, 80);
}

/** A few optional profile fields; not every member fills in every one. */
function drawFields(rng: Rng, gender: Gender, age: number): [ProfileFieldName, string][] {
  const fields: [ProfileFieldName, string][] = [];
  const r = rng.next();
  const widowedOrSingle = age > 45 ? 'widowed' : 'single';
  const relationship =
    r < 0.72 ? 'single' : r < 0.89 ? 'divorced' : r < 0.96 ? 'separated' : widowedOrSingle;
  fields.push(['relationship', relationship]);
  if (rng.chance(0.8)) {
    // Ranges of ten centimetres from 150; index 0 is "under 150", the last "200 plus".
    const cm = rng.normal(gender === 'male' ? 181 : 167, 7);
    const bucket = Math.min(HEIGHTS.length - 1, Math.max(0, Math.floor((cm - 140) / 10)));
    fields.push(['height', HEIGHTS[bucket]!]); // bucket is clamped to the list
  }
  if (rng.chance(0.8)) fields.push(['eyes', rng.pick(EYES)]);
  if (rng.chance(0.8)) {
    const greying = age > 55 && rng.chance(0.5);
    const bald = gender === 'male' && age > 35 && rng.chance(0.15);
    fields.push(['hair', bald ? 'bald' : greying ? 'grey' : rng.pick(HAIR)]);
  }
  if (rng.chance(0.7)) fields.push(['smoking', rng.pick(SMOKING)]);
  if (rng.chance(0.7)) {
    const hasChildren = rng.chance(Math.min(0.8, Math.max(0.05, (age - 22) / 30)));
    fields.push(['children', hasChildren ? rng.pick(WITH_CHILDREN) : rng.pick(WITHOUT_CHILDREN)]);
  }
  if (rng.chance(0.6)) fields.push(['education', rng.pick(EDUCATION)]);
  return fields;
}

/** Dates of birth for the last `now` seen, by age and days past the birthday (at most 23,000). */
const birthDates = { now: Number.NaN, byAgeAndDays: new Map<number, string>() };

/** birthDateForAge without a Date and an ISO string per member: members share few dates. */
function sharedBirthDate(now: number, age: number, daysPastBirthday: number): string {
  if (birthDates.now !== now) {
    birthDates.now = now;
    birthDates.byAgeAndDays.clear();
  }
  const key = age * 1000 + daysPastBirthday;
  let date = birthDates.byAgeAndDays.get(key);
  if (date === undefined) {
    date = birthDateForAge(now, age, daysPastBirthday);
    birthDates.byAgeAndDays.set(key, date);
  }
  return date;
}

/** One demo member. */
export function generateMember(rng: Rng, ctx: GenerateContext): SeedMember {
  const place: Place = pickPlace(rng);
  const gender: Gender = rng.chance(0.55) ? 'male' : 'female';
  const age = drawAge(rng);
  const name = rng.pick(firstNames(place.country, place.language)[gender]);
  // Signed up within two years, active within the last 30 days but never before signing up.
  const signup = ctx.now - rng.int(1, 730) * DAY + rng.int(0, DAY - 1);
  const activeFrom = Math.max(signup, ctx.now - 30 * DAY);
  return {
    name,
    gender,
    date_of_birth: sharedBirthDate(ctx.now, age, rng.int(0, 364)),
    country: place.country,
    countryregion: place.region,
    city: place.city,
    language: place.language,
    personal: composeAboutMe(rng, place.language, gender, place.city),
    status: rng.chance(0.92) ? 'active' : 'not_confirmed',
    signup_date: signup,
    last_active: activeFrom + Math.floor(rng.next() * (ctx.now - activeFrom)),
    avatar: rng.int(0, ctx.avatarsPerGender - 1),
    fields: drawFields(rng, gender, age),
    notes: composeNotes(rng, place.language, gender),
  };
}

/** `count` members from one Rng stream; batches may call this repeatedly with the same Rng. */
export function generateMembers(rng: Rng, count: number, ctx: GenerateContext): SeedMember[] {
  return Array.from({ length: count }, () => generateMember(rng, ctx));
}

/** The start of the current UTC day: ages stay whole and reruns on one day give equal data. */
export function startOfToday(): number {
  return Math.floor(Date.now() / DAY) * DAY;
}

/** Slugs by first name: a million members share a few thousand names. */
const slugs = new Map<string, string>();

/** A login-safe local part for seeded e-mail addresses ("Zoë" → "zoe", "Łucja" → "lucja"). */
export function emailSlug(name: string): string {
  let slug = slugs.get(name);
  if (slug === undefined) {
    slug = slugOf(name);
    slugs.set(name, slug);
  }
  return slug;
}

function slugOf(name: string): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[łŁ]/g, 'l')
    .replace(/[øØ]/g, 'o')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
  return ascii || 'member';
}
