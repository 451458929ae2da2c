/**
 * `npm run admin -- restore DIR`: a backup back into an empty data folder and an empty database
 * or schema. Everything is checked before anything is written; the counts are checked after.
 */
import { join } from 'node:path';
import { createDatabase, engineFor, type DatabaseHandle } from '../db/database';
import { BackupRepository } from '../repositories/backup.repository';
import type { SiteLocation } from './backup';
import { isEmptyDir, restoreDataFiles, verifyFiles } from './files-backup';
import { BackupRefusal, checkSchemaVersion, readManifest, type BackupManifest } from './manifest';
import { urlSchema } from './postgres-backup';
import { checkEmptySchema, restorePostgres } from './postgres-restore';
import { restoreSqlite } from './sqlite-backup';

/** A finished restore. */
export interface RestoreSummary {
  manifest: BackupManifest;
  /** Files put back into the data folder (keys and member files). */
  files: number;
  /** PostgreSQL: the schema restored into. */
  schema?: string;
  seconds: number;
}

/** The refusals that need no database: manifest, schema version, engine, data folder. */
async function checkBackup(site: SiteLocation, dir: string): Promise<BackupManifest> {
  const manifest = await readManifest(dir);
  checkSchemaVersion(manifest.schemaVersion);
  const engine = engineFor(site.databaseUrl);
  if (manifest.engine !== engine) {
    throw new BackupRefusal(
      `This is a ${manifest.engine} backup and the target is ${engine}: ` +
        (manifest.engine === 'sqlite' ? 'unset DATABASE_URL.' : 'set DATABASE_URL.'),
    );
  }
  if (!(await isEmptyDir(site.dataDir))) {
    throw new BackupRefusal(
      `DATA_DIR ${site.dataDir} is not empty: restore into a new or empty folder.`,
    );
  }
  if (!manifest.files.some((f) => f.path === manifest.database)) {
    throw new BackupRefusal(`The manifest lists no ${manifest.database}.`);
  }
  return manifest;
}

/** Fails when the restored database does not hold the rows the manifest counted. */
async function checkCounts(handle: DatabaseHandle, manifest: BackupManifest): Promise<void> {
  const { rows } = await new BackupRepository(handle.db).facts();
  const counted: Record<string, number> = rows;
  const wrong = Object.entries(manifest.rows)
    .filter(([table, n]) => counted[table] !== n)
    .map(([table, n]) => `${table} ${counted[table] ?? 'missing'} instead of ${n}`);
  if (wrong.length > 0) {
    throw new Error(`The restored database does not match the manifest: ${wrong.join(', ')}.`);
  }
}

/** Restores the backup in `dir` into the site `site` describes, which must be empty. */
export async function restoreSite(site: SiteLocation, dir: string): Promise<RestoreSummary> {
  const started = Date.now();
  const manifest = await checkBackup(site, dir);
  const databaseFile = join(dir, manifest.database);
  let schema: string | undefined;
  let handle: DatabaseHandle | undefined;
  try {
    if (manifest.engine === 'postgres') {
      const url = site.databaseUrl ?? '';
      schema = site.dbSchema ?? urlSchema(url) ?? 'public';
      handle = createDatabase({ databaseUrl: url, dataDir: site.dataDir, schema: site.dbSchema });
      await checkEmptySchema(handle, schema);
      await verifyFiles(dir, manifest.files);
      await restorePostgres(handle, url, databaseFile, manifest.postgresSchema ?? 'public', schema);
    } else {
      await verifyFiles(dir, manifest.files);
      await restoreSqlite(databaseFile, site.dataDir);
      handle = createDatabase({ dataDir: site.dataDir });
    }
    const files = await restoreDataFiles(dir, manifest.files, site.dataDir);
    await checkCounts(handle, manifest);
    return { manifest, files, schema, seconds: (Date.now() - started) / 1000 };
  } finally {
    await handle?.close();
  }
}
