/**
 * A deleted account keeps no address, only this marker in `members.email`: the SHA-256 of the
 * lower-cased address, behind a prefix no real address has (it has no @). It keeps the address
 * recognisable (validate_email says `deleted`, sign-up and mail change refuse it) without storing it.
 */
import { sha256Hex } from './tokens';

/** The `members.email` value of a deleted account that used `email` (already lower-cased). */
export function emailTombstone(email: string): string {
  return `deleted:${sha256Hex(email.toLowerCase())}`;
}
