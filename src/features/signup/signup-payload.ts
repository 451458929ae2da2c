/** The account-creation body of SPEC §3 "Signup payload", built from the form and the browser. */
import type { SignupBody } from '../../shared/contract/account';
import type { Language } from '../../shared/contract/fields';
import type { Settings } from '../../shared/contract/settings';

/** Sent as `csrf` where the browser cannot hash (no WebCrypto outside secure contexts). */
export const CSRF_FALLBACK = 'no-webcrypto';

/** SPEC §7: SHA-512 hex of the lowercased email plus the user agent, or the fallback. */
export async function signupCsrf(email: string, userAgent: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return CSRF_FALLBACK;
  try {
    const data = new TextEncoder().encode(email.trim().toLowerCase() + userAgent);
    const digest = await subtle.digest('SHA-512', data);
    return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  } catch {
    return CSRF_FALLBACK;
  }
}

/** The browser's time zone name, or null where Intl cannot tell. */
export function browserTimezone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** The geo-IP country when the site serves it (SPEC §3 settings.geoip_country). */
export function signupCountry(settings: Settings | null): string | null {
  const country = settings?.geoip_country?.toUpperCase();
  return country && settings?.countries.some((c) => c.toUpperCase() === country) ? country : null;
}

export interface SignupInput {
  email: string;
  name: string;
  password: string;
  /** validate_email's token for this address. */
  token: string | null;
  trafficsource: string | null;
  settings: Settings | null;
  language: Language;
  /** The member profile the visitor came from. */
  profile: number | null;
  formPath: string;
  referrer: string;
  userAgent: string;
}

/** The body of POST /api/user.php?new=1. */
export async function signupBody(input: SignupInput): Promise<SignupBody> {
  const email = input.email.trim();
  return {
    email,
    name: input.name.trim(),
    password: input.password,
    trafficsource: input.trafficsource,
    timezone: browserTimezone(),
    country: signupCountry(input.settings),
    language: input.language,
    profile: input.profile,
    form_path: input.formPath.slice(0, 500),
    referrer: input.referrer ? input.referrer.slice(0, 2000) : null,
    csrf: await signupCsrf(email, input.userAgent),
    token: input.token,
    n: input.userAgent.slice(0, 1000),
  };
}
