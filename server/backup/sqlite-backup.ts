/**
 * SQLite in a backup: VACUUM INTO copies the live file in one read transaction, so a running
 * server keeps writing (WAL) while the copy is one consistent moment; the facts come from the copy.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { createDatabase } from '../db/database';
import type { Database } from '../db/schema';
import { BackupRepository, type DatabaseFacts } from '../repositories/backup.repository';
import { placeFile, syncFile } from './files-backup';
import { BackupRefusal } from './manifest';

/** The database file in the data folder (db/database.ts) and in a backup's `database/`. */
export const SQLITE_FILE = 'app.db';

/** Reads schema version and row counts from a copy opened read-only, so nothing changes it. */
async function readCopy(file: string): Promise<DatabaseFacts> {
  const raw = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }) });
  try {
    return await new BackupRepository(db).facts();
  } finally {
    await db.destroy();
  }
}

/** Copies `<dataDir>/app.db` to `target` (which must not exist) and answers what the copy holds. */
export async function snapshotSqlite(dataDir: string, target: string): Promise<DatabaseFacts> {
  const source = join(dataDir, SQLITE_FILE);
  // createDatabase would make an empty database: a wrong DATA_DIR must not look like a site.
  if (!existsSync(source)) {
    throw new BackupRefusal(`No SQLite database at ${source}: check DATA_DIR.`);
  }
  const live = createDatabase({ dataDir });
  try {
    await new BackupRepository(live.db).vacuumInto(target);
  } finally {
    await live.close();
  }
  await syncFile(target);
  return readCopy(target);
}

/** Puts a verified copy back as `<dataDir>/app.db`; the server's start turns WAL on again. */
export async function restoreSqlite(copy: string, dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  await placeFile(copy, join(dataDir, SQLITE_FILE));
}
