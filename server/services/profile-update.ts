/** Validates PUT /api/user.php (living area or partial profile) against the site and SPEC §5. */
import type { UserUpdateBody } from '../../src/shared/contract/account';
import { MAX_AGE, MIN_AGE } from '../../src/shared/contract/fields';
import { ageOn, isRealDate } from '../lib/dates';
import { HttpError } from '../lib/http-error';
import { isAllowedFieldValue } from '../lib/profile-fields';
import type { Site } from '../lib/site';
import type { ProfilePatch } from '../repositories/member.repository';

/** What the rules need to know about the member being edited. */
export interface CurrentMember {
  email: string;
  country: string | null;
}

const bad = (message: string, key: string) => new HttpError(400, message, key);

function checkCountry(site: Site, country: string): void {
  if (!site.isAllowedCountry(country)) {
    throw bad(`Country ${country} is not available on this site`, 'profile.country_not_allowed');
  }
}

/** Region 0 or null means "no region"; any other id must belong to the country. */
function checkRegion(site: Site, country: string | null, region: number | null | undefined) {
  if (!region) return null;
  if (country === null || !site.hasRegion(country, region)) {
    throw bad('This region does not belong to the country', 'profile.region_invalid');
  }
  return region;
}

/** SPEC §5: a real date, at least 18 years ago, and no more than 100. */
export function checkDateOfBirth(date: string, today: string): void {
  const ok = isRealDate(date) && date <= today;
  const age = ok ? ageOn(date, today) : -1;
  if (!ok || age < MIN_AGE || age > MAX_AGE) {
    throw bad(
      `Date of birth must be a real date; you must be ${MIN_AGE} to ${MAX_AGE} years old`,
      'profile.date_of_birth_error',
    );
  }
}

const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v || null);

/** Turns a request body into a validated patch, or throws a 400 with an i18n key. */
export function toProfilePatch(
  body: UserUpdateBody,
  current: CurrentMember,
  site: Site,
  today: string,
): ProfilePatch {
  if (!('profile' in body)) {
    checkCountry(site, body.country);
    return {
      country: body.country,
      countryregion: checkRegion(site, body.country, body.countryregion),
      city: blankToNull(body.city) ?? null,
    };
  }
  const p = body.profile;
  const patch: ProfilePatch = {};
  if (p.name !== undefined) {
    if (p.name.startsWith('@'))
      throw bad('Name must not start with @', 'signup.name_starts_with_at');
    if (p.name.toLowerCase() === current.email) {
      throw bad('Name must not be the email address', 'signup.name_equal_to_email');
    }
    patch.name = p.name;
  }
  if (p.country !== undefined) {
    if (p.country !== null) checkCountry(site, p.country);
    patch.country = p.country;
    // A region of the previous country would be wrong for the new one.
    if (p.country !== current.country) patch.countryregion = null;
  }
  if (p.countryregion !== undefined) {
    const country = p.country !== undefined ? p.country : current.country;
    patch.countryregion = checkRegion(site, country, p.countryregion);
  }
  if (p.date_of_birth) checkDateOfBirth(p.date_of_birth, today);
  if (p.date_of_birth !== undefined) patch.date_of_birth = p.date_of_birth;
  if (p.city !== undefined) patch.city = blankToNull(p.city);
  if (p.personal !== undefined) patch.personal = blankToNull(p.personal);
  if (p.gender !== undefined) patch.gender = p.gender;
  if (p.language !== undefined) patch.language = p.language;
  if (p.lastSignupStep !== undefined) patch.lastSignupStep = p.lastSignupStep;
  if (p.fields !== undefined) {
    for (const [name, value] of Object.entries(p.fields)) {
      if (value !== '' && !isAllowedFieldValue(name, value)) {
        throw bad(`Unknown value for profile field ${name}`, 'profile.invalid_field');
      }
    }
    patch.fields = p.fields;
  }
  if (p.notes !== undefined) {
    for (const name of Object.keys(p.notes)) {
      if (!site.config.visible_profile_notes.includes(name)) {
        throw bad(`Unknown profile note ${name}`, 'profile.invalid_note');
      }
    }
    patch.notes = p.notes;
  }
  return patch;
}
