/**
 * `npm run admin -- <command>`: account administration on the database the server would open
 * (DATABASE_URL, else SQLite in DATA_DIR), migrated first. See commands.ts for the commands.
 */
import { loadConfig } from '../config';
import { createDatabase, migrateToLatest } from '../db/database';
import { ADMIN_USAGE, runAdminCommand } from './commands';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length === 0 || args.includes('--help') || args.includes('-h')) {
    console.log(ADMIN_USAGE);
    return;
  }
  const config = loadConfig();
  const handle = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(handle.db);
    const result = await runAdminCommand(handle.db, args);
    const print = result.code === 0 ? console.log : console.error;
    for (const line of result.lines) print(line);
    process.exitCode = result.code;
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
