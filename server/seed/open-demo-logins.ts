/**
 * Whether the demo logins still open with their published password. On a public site that is an
 * account anyone can use, so the start-up report names it; locally it is what `npm start` prints.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { verifyPassword } from '../lib/passwords';
import { SeedRepository } from '../repositories/seed.repository';
import { DEMO2_EMAIL, DEMO_EMAIL, DEMO_PASSWORD } from './demo-login';

/** The demo addresses whose account logs in with DEMO_PASSWORD. */
export async function openDemoLogins(db: Kysely<Database>): Promise<string[]> {
  const accounts = await new SeedRepository(db).loginHashes([DEMO_EMAIL, DEMO2_EMAIL]);
  const open = await Promise.all(
    accounts.map(async (a) => ((await verifyPassword(a.hash, DEMO_PASSWORD)) ? a.email : null)),
  );
  return open.filter((email): email is string => email !== null).sort();
}
