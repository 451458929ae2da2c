/**
 * `npm run seed -- --members N [--reset]`: adds N demo members (default 2000) to the database the
 * environment selects (DATABASE_URL, DATA_DIR), after migrating it; --reset empties it first.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createDatabase, migrateToLatest } from '../db/database';
import { SeedRepository } from '../repositories/seed.repository';
import { openObjectStore } from '../storage/open-store';
import { DEMO_EMAIL, DEMO_PASSWORD } from './demo';
import { DEFAULT_SEED_MEMBERS, seedMembers } from './seed';

const USAGE = 'Usage: npm run seed -- [--members N] [--reset]';

function parseCli(argv: string[]): { members: number; reset: boolean } {
  const { values } = parseArgs({
    args: argv,
    options: {
      members: { type: 'string', default: String(DEFAULT_SEED_MEMBERS) },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const members = Number(values.members.replaceAll('_', ''));
  if (!Number.isSafeInteger(members) || members < 0)
    throw new Error(`--members must be a whole number. ${USAGE}`);
  return { members, reset: values.reset };
}

async function main(): Promise<void> {
  const args = parseCli(process.argv.slice(2));
  const config = loadConfig();
  const log = (msg: string) => console.log(msg);
  const handle = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const store = await openObjectStore(config, {
    error: (details, message) => console.error(message, details),
  });
  const started = Date.now();
  try {
    await migrateToLatest(handle.db);
    const repo = new SeedRepository(handle.db);
    await repo.prepareBulkLoad();
    if (args.reset) {
      await repo.reset();
      log('seed: removed all members and their data');
    }
    await seedMembers(handle.db, { store, members: args.members, log });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    log(`seed: added ${args.members} members on ${handle.engine} in ${seconds} s`);
    log(`seed: demo login ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
  } finally {
    await store.close();
    await handle.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
