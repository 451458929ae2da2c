/**
 * The SPEC's sign-up `csrf` field: SHA-512 hex of the lowercased email plus the user agent.
 * It is a consistency check, not the real CSRF defence (SameSite cookies and the Origin check are).
 */
import { createHash, timingSafeEqual } from 'node:crypto';

const SHA512_HEX = /^[0-9a-f]{128}$/i;

/** The value a client computes for this email and user agent. */
export function signupCsrf(email: string, userAgent: string): string {
  return createHash('sha512')
    .update(email.toLowerCase() + userAgent)
    .digest('hex');
}

/**
 * Accepts a missing value and the client's fallback (anything that is not a SHA-512 hex string);
 * a SHA-512 hex string must match one of the user agents the request names.
 */
export function isSignupCsrfAcceptable(
  csrf: string | null | undefined,
  email: string,
  userAgents: Array<string | undefined>,
): boolean {
  if (!csrf || !SHA512_HEX.test(csrf)) return true;
  const given = Buffer.from(csrf.toLowerCase(), 'hex');
  return userAgents.some(
    (ua) => ua !== undefined && timingSafeEqual(given, Buffer.from(signupCsrf(email, ua), 'hex')),
  );
}
