/**
 * Demo data: the server seeds an empty database with demo members and the demo logins on start,
 * and `npm run seed` adds large numbers of members for benchmarks.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { SeedRepository } from '../repositories/seed.repository';
import type { ObjectStore } from '../storage/object-store';
import { DEFAULT_AVATARS_PER_GENDER, ensureAvatarPool } from './avatars';
import { DEMO_EMAIL, DEMO_PASSWORD, ensureDemoAccounts, seedDemoLikes } from './demo';
import { generateMembers, startOfToday } from './generate';
import { insertBatch, type BatchOptions } from './insert';
import { Rng } from './random';

/** Members of a first start: enough for every search filter to find people. */
export const DEFAULT_SEED_MEMBERS = 2000;
/** Members of one run that get profile fields and notes; beyond this a run writes the basics. */
export const DETAILED_MEMBERS = 100_000;
/** Members generated and inserted at a time: bounds the memory a batch's objects take. */
const BATCH = 10_000;
/**
 * Members per transaction of `seedMembers`. A commit writes every page the transaction changed,
 * and random keys touch most pages of the search indexes, so ten commits per million members
 * write far less than a hundred. Each commit still bounds what an interruption loses and how long
 * another writer to the same SQLite file waits (up to 10 s at a million members).
 */
const TRANSACTION = 100_000;
const BASE_SEED = 20_261_122;

export interface SeedOptions {
  /** Where the demo avatars go (the app's file storage). */
  store: ObjectStore;
  members?: number;
  log: (msg: string) => void;
  /** Size of the shared avatar pool per gender; tests use a small one. */
  avatarsPerGender?: number;
  /** Reference time for ages and activity; the start of today (UTC) by default. */
  now?: number;
}

export interface SeedIfEmptyResult {
  seeded: boolean;
  demoEmail: string;
  demoPassword: string;
}

/** Everything a run needs before it opens a transaction (files and hashing are slow). */
type RunContext = Omit<BatchOptions, 'withDetails'>;

async function prepareRun(opts: SeedOptions): Promise<RunContext> {
  const perGender = opts.avatarsPerGender ?? DEFAULT_AVATARS_PER_GENDER;
  return {
    pool: await ensureAvatarPool(opts.store, perGender, opts.log),
    // One hash of a secret nobody keeps: seeded members exist to be found, not to log in as.
    passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
    now: opts.now ?? startOfToday(),
  };
}

/**
 * The members of one run come from one stream seeded by how many members existed before it, so
 * a fresh database always gets the same members and a later run adds different ones.
 */
function runRng(existingMembers: number): Rng {
  return new Rng(BASE_SEED + existingMembers);
}

/**
 * Writes `count` members in batches, `TRANSACTION` members per call of `transact` (which opens a
 * transaction, or not when the caller already holds one).
 */
async function writeMembers(
  count: number,
  ctx: RunContext,
  rng: Rng,
  transact: (work: (repo: SeedRepository) => Promise<void>) => Promise<void>,
  log: (msg: string) => void,
): Promise<void> {
  const generateContext = { now: ctx.now, avatarsPerGender: ctx.pool.female.length };
  const started = Date.now();
  for (let start = 0; start < count; start += TRANSACTION) {
    const end = Math.min(count, start + TRANSACTION);
    await transact(async (repo) => {
      for (let first = start; first < end; first += BATCH) {
        const batch = generateMembers(rng, Math.min(BATCH, end - first), generateContext);
        await insertBatch(repo, batch, { ...ctx, withDetails: first < DETAILED_MEMBERS });
      }
    });
    if (count >= 100_000) {
      const seconds = (Date.now() - started) / 1000;
      log(
        `seed: ${end.toLocaleString('en')} of ${count.toLocaleString('en')} members (${seconds.toFixed(0)} s)`,
      );
    }
  }
}

/**
 * Seeds demo members and the demo logins when the database has no members at all; otherwise
 * does nothing. Either way it returns the demo login to print.
 */
export async function seedIfEmpty(
  db: Kysely<Database>,
  opts: SeedOptions,
): Promise<SeedIfEmptyResult> {
  const result = (seeded: boolean) => ({
    seeded,
    demoEmail: DEMO_EMAIL,
    demoPassword: DEMO_PASSWORD,
  });
  if (await new SeedRepository(db).hasMembers()) return result(false);
  const started = Date.now();
  const count = opts.members ?? DEFAULT_SEED_MEMBERS;
  const ctx = await prepareRun(opts);
  // One transaction: a crash leaves no half-seeded database, and a second server starting at the
  // same moment waits on the lock and then finds the members.
  const seeded = await db.transaction().execute(async (trx) => {
    const repo = new SeedRepository(trx);
    await repo.lockForSeeding();
    if (await repo.hasMembers()) return false;
    await ensureDemoAccounts(repo, ctx.pool, ctx.now);
    const rng = runRng(await repo.countMembers());
    await writeMembers(count, ctx, rng, (work) => work(repo), opts.log);
    await seedDemoLikes(repo, ctx.now);
    return true;
  });
  if (!seeded) return result(false);
  await new SeedRepository(db).analyze();
  opts.log(`seed: ${count} demo members in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result(true);
}

/**
 * Adds `members` demo members (and the demo logins when missing), one transaction per 100,000 so
 * a million members neither hold one huge transaction nor lose everything on an interruption.
 */
export async function seedMembers(
  db: Kysely<Database>,
  opts: SeedOptions & { members: number },
): Promise<void> {
  const ctx = await prepareRun(opts);
  const base = new SeedRepository(db);
  await db.transaction().execute(async (trx) => {
    const repo = new SeedRepository(trx);
    await repo.lockForSeeding();
    await ensureDemoAccounts(repo, ctx.pool, ctx.now);
  });
  const rng = runRng(await base.countMembers());
  await writeMembers(
    opts.members,
    ctx,
    rng,
    (work) =>
      db.transaction().execute(async (trx) => {
        const repo = new SeedRepository(trx);
        await repo.lockForSeeding();
        await work(repo);
      }),
    opts.log,
  );
  await base.analyze();
}
