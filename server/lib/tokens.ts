/** Random tokens and their hashes: sessions and single-use links store only the hash. */
import { createHash, randomBytes } from 'node:crypto';

/** A 256-bit random token, base64url (43 characters). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256 in hex: 64 characters, fits the `token_hash` columns. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
