/**
 * `manifest.json`, the last file a backup writes and the first a restore reads: what the backup
 * holds (engine, schema version, row counts) and the size and SHA-256 of every other file in it.
 */
import { randomBytes } from 'node:crypto';
import { open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { migrations } from '../migrations/index';

/** The manifest's file name inside a backup folder. */
export const MANIFEST_FILE = 'manifest.json';
/** Layout version of backup folders; a restore refuses any other. */
export const BACKUP_FORMAT = 1;

/** A refusal: the backup or the target is not fit, nothing was changed; one line for the admin. */
export class BackupRefusal extends Error {
  override name = 'BackupRefusal';
}

/** `database/…` or `files/…`, safe segments only, so a tampered manifest cannot write elsewhere. */
const SAFE_PATH = /^(database|files)(\/(?!\.\.?(\/|$))[A-Za-z0-9._-]+)+$/;

/** One file of the backup, relative to its folder. */
export const BackupFile = z.object({
  path: z.string().regex(SAFE_PATH),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type BackupFile = z.infer<typeof BackupFile>;

/** Where the member files were: copied from the data folder, or left in an S3 bucket. */
const MemberFiles = z.discriminatedUnion('store', [
  z.object({ store: z.literal('disk'), count: z.number().int().nonnegative() }),
  z.object({
    store: z.literal('s3'),
    bucket: z.string(),
    endpoint: z.string().nullable(),
    region: z.string(),
  }),
]);

/** The whole manifest. */
export const BackupManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.iso.datetime(),
  engine: z.enum(['sqlite', 'postgres']),
  /** Name of the newest migration applied when the backup was made. */
  schemaVersion: z.string().min(1),
  /** PostgreSQL: the schema the site's tables were in (a restore may rename it). */
  postgresSchema: z.string().optional(),
  /** The database file among `files`: SQLite's copy or pg_dump's custom-format archive. */
  database: z.string().regex(SAFE_PATH),
  rows: z.record(z.string(), z.number().int().nonnegative()),
  memberFiles: MemberFiles,
  files: z.array(BackupFile),
});
export type BackupManifest = z.infer<typeof BackupManifest>;

/** Reads and checks `DIR/manifest.json`; a missing or malformed one is a refusal. */
export async function readManifest(dir: string): Promise<BackupManifest> {
  const path = join(dir, MANIFEST_FILE);
  const text = await readFile(path, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT' || err.code === 'ENOTDIR') {
      throw new BackupRefusal(
        `No ${MANIFEST_FILE} in ${dir}: not a finished backup (a backup writes it last).`,
      );
    }
    throw err;
  });
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new BackupRefusal(`${path} is not JSON.`);
  }
  const format = (raw as { format?: unknown } | null)?.format;
  if (typeof format === 'number' && format !== BACKUP_FORMAT) {
    throw new BackupRefusal(
      `${path} has backup format ${format}; this code reads format ${BACKUP_FORMAT}.`,
    );
  }
  const parsed = BackupManifest.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || 'manifest';
    throw new BackupRefusal(`${path} is not a valid manifest: ${where}: ${issue?.message}.`);
  }
  return parsed.data;
}

/** Writes the manifest under a temporary name, synced, then renames it into place. */
export async function writeManifest(dir: string, manifest: BackupManifest): Promise<void> {
  const path = join(dir, MANIFEST_FILE);
  const partial = `${path}.${randomBytes(6).toString('hex')}.partial`;
  const handle = await open(partial, 'wx', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(manifest, null, 2)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(partial, path);
}

/** The newest migration this code knows. */
export function newestMigration(): string {
  return Object.keys(migrations).sort().at(-1) ?? '';
}

/** Refuses a schema version this code cannot migrate from: newer than its newest, or unknown. */
export function checkSchemaVersion(version: string): void {
  const newest = newestMigration();
  if (version > newest) {
    throw new BackupRefusal(
      `The backup's schema version ${version} is newer than this code's newest migration ` +
        `${newest}: restore it with the code that made it, or a newer one.`,
    );
  }
  if (!(version in migrations)) {
    throw new BackupRefusal(`The backup's schema version ${version} is no migration of this code.`);
  }
}
