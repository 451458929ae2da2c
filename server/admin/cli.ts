/**
 * `npm run admin -- <command>`: account administration on the database the server would open
 * (DATABASE_URL, else SQLite in DATA_DIR), migrated first; backup and restore run before that.
 * See commands.ts for the commands.
 */
import { runBackupCommand } from '../backup/command';
import { loadConfig } from '../config';
import { createDatabase, migrateToLatest } from '../db/database';
import { ADMIN_USAGE, BACKUP_COMMANDS, runAdminCommand, type AdminResult } from './commands';

function report(result: AdminResult): void {
  const print = result.code === 0 ? console.log : console.error;
  for (const line of result.lines) print(line);
  process.exitCode = result.code;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length === 0 || args.includes('--help') || args.includes('-h')) {
    console.log(ADMIN_USAGE);
    return;
  }
  const config = loadConfig();
  // Before the database is opened: a restore's target must stay empty and unmigrated.
  if (BACKUP_COMMANDS.includes(args[0] ?? '')) {
    report(await runBackupCommand(config, args));
    return;
  }
  const handle = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(handle.db);
    report(await runAdminCommand(handle.db, args));
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
