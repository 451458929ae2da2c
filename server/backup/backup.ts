/**
 * `npm run admin -- backup DIR`: one consistent copy of a running site in a new folder: the
 * database snapshot, the data folder's keys and member files, and manifest.json written last.
 */
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppConfig } from '../config';
import { createDatabase, engineFor } from '../db/database';
import type { DatabaseFacts } from '../repositories/backup.repository';
import { backupDataFiles, hashFile, isEmptyDir } from './files-backup';
import {
  BACKUP_FORMAT,
  BackupRefusal,
  writeManifest,
  type BackupFile,
  type BackupManifest,
} from './manifest';
import { dumpPostgres, PG_DUMP_FILE } from './postgres-backup';
import { snapshotSqlite, SQLITE_FILE } from './sqlite-backup';

/** Where a site keeps its data: what backup and restore read from the config. */
export type SiteLocation = Pick<AppConfig, 'databaseUrl' | 'dbSchema' | 'dataDir' | 's3'>;

/** A finished backup. */
export interface BackupSummary {
  dir: string;
  manifest: BackupManifest;
  /** Bytes of every file the manifest lists. */
  bytes: number;
  seconds: number;
}

/** The backup's database file, relative to its folder. */
const DATABASE_DIR = 'database';

/** Makes `dir` (private: it holds password hashes and the push key), refusing a non-empty one. */
async function prepareFolder(dir: string): Promise<void> {
  const info = await stat(dir).catch(() => null);
  if (info && !info.isDirectory()) throw new BackupRefusal(`${dir} is a file, not a folder.`);
  if (!(await isEmptyDir(dir))) {
    throw new BackupRefusal(`${dir} is not empty: a backup goes into a new or empty folder.`);
  }
  await mkdir(join(dir, DATABASE_DIR), { recursive: true, mode: 0o700 });
}

/** Takes the database's snapshot into `file`; PostgreSQL also names the schema it came from. */
async function snapshotDatabase(
  site: SiteLocation,
  file: string,
): Promise<DatabaseFacts & { schema?: string }> {
  if (engineFor(site.databaseUrl) === 'sqlite') return snapshotSqlite(site.dataDir, file);
  const handle = createDatabase({
    databaseUrl: site.databaseUrl,
    dataDir: site.dataDir,
    schema: site.dbSchema,
  });
  try {
    return await dumpPostgres(handle, site.databaseUrl ?? '', file);
  } finally {
    await handle.close();
  }
}

/** Writes a backup of `site` into `dir`; on any failure what was written is removed again. */
export async function backupSite(site: SiteLocation, dir: string): Promise<BackupSummary> {
  const started = Date.now();
  const engine = engineFor(site.databaseUrl);
  await prepareFolder(dir);
  try {
    const createdAt = new Date().toISOString();
    const database = `${DATABASE_DIR}/${engine === 'sqlite' ? SQLITE_FILE : PG_DUMP_FILE}`;
    const facts = await snapshotDatabase(site, join(dir, database));
    if (!facts.schemaVersion) {
      throw new BackupRefusal('The database has no migrations applied: start the server once.');
    }
    // After the snapshot: every file a row of it names was written before its row (File storage).
    const dataFiles = await backupDataFiles(site.dataDir, dir, !site.s3);
    const files: BackupFile[] = [
      { path: database, ...(await hashFile(join(dir, database))) },
      ...dataFiles,
    ];
    const memberFiles: BackupManifest['memberFiles'] = site.s3
      ? {
          store: 's3',
          bucket: site.s3.bucket,
          endpoint: site.s3.endpoint ?? null,
          region: site.s3.region,
        }
      : {
          store: 'disk',
          // files/vapid.json is a key; member files sit in the store's folders below files/.
          count: dataFiles.filter((f) => f.path.split('/').length > 2).length,
        };
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt,
      engine,
      schemaVersion: facts.schemaVersion,
      ...(facts.schema !== undefined && { postgresSchema: facts.schema }),
      database,
      rows: facts.rows,
      memberFiles,
      files,
    };
    await writeManifest(dir, manifest);
    return {
      dir,
      manifest,
      bytes: files.reduce((sum, f) => sum + f.size, 0),
      seconds: (Date.now() - started) / 1000,
    };
  } catch (err) {
    // The folder was empty before: leave it so, and a second try can use it.
    for (const entry of await readdir(dir)) await rm(join(dir, entry), { recursive: true });
    throw err;
  }
}
