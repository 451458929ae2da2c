/** Password hashing with argon2id, and a login check that takes the same time for unknown emails. */
import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane (argon2id is the library's default algorithm;
// its enum is a const enum that verbatimModuleSyntax cannot import).
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes a new password (PHC string with salt and parameters). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (unknown email) it still verifies against a
 * dummy hash, so response time does not tell whether an account exists.
 */
export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  dummyHash ??= hashPassword('amora-dummy-password-for-timing');
  const target = storedHash ?? (await dummyHash);
  try {
    const ok = await verify(target, password);
    return storedHash !== null && ok;
  } catch {
    return false; // malformed stored hash: treat as a wrong password, never as a 500
  }
}
