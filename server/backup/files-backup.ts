/**
 * The data folder's files in a backup: the keys that must outlive a restore (vapid.json) and,
 * without S3, the disk store's member files. Each file is hashed while it is copied, in one pass.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StoreFolder } from '../storage/object-store';
import { BackupRefusal, type BackupFile } from './manifest';

/** Files at the top of the data folder that are keys, not caches: push subscriptions need them. */
const KEY_FILES = ['vapid.json'];
/** The disk store's folders (storage/object-store.ts); xcams/ is a cache and stays out. */
const STORE_FOLDERS: readonly StoreFolder[] = ['uploads', 'complaints', 'exports'];
/** Where a backup keeps the data folder's files. */
export const FILES_DIR = 'files';

/** Size and SHA-256 of some bytes. */
export interface Digest {
  size: number;
  sha256: string;
}

const missing = (err: unknown) => (err as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/** A folder that does not exist or holds nothing; a file in its place is not empty. */
export async function isEmptyDir(path: string): Promise<boolean> {
  try {
    return (await readdir(path)).length === 0;
  } catch (err) {
    if (missing(err)) return true;
    throw err;
  }
}

/** Every file under `dir`, as paths relative to `base` with `/`; temporary `.partial` files skipped. */
async function walk(base: string, dir: string): Promise<string[]> {
  const entries = await readdir(join(base, dir), { withFileTypes: true }).catch((err: unknown) => {
    if (missing(err)) return [];
    throw err;
  });
  const found: string[] = [];
  for (const entry of entries) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) found.push(...(await walk(base, rel)));
    else if (entry.isFile() && !entry.name.endsWith('.partial')) found.push(rel);
  }
  return found;
}

/** Copies `from` to `to` (made with `from`'s mode, synced) and hashes it; null if `from` vanished. */
export async function copyHashed(from: string, to: string): Promise<Digest | null> {
  const info = await stat(from).catch((err: unknown) => {
    if (missing(err)) return null;
    throw err;
  });
  if (!info) return null;
  await mkdir(dirname(to), { recursive: true });
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(
      createReadStream(from),
      tap,
      createWriteStream(to, { mode: info.mode & 0o777, flags: 'wx', flush: true }),
    );
  } catch (err) {
    await rm(to, { force: true });
    // Deleted between the listing and the copy (a photo removed meanwhile): not part of the backup.
    if (missing(err)) return null;
    throw err;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Size and SHA-256 of a file. */
export async function hashFile(path: string): Promise<Digest> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Flushes a file the tools wrote (VACUUM INTO, pg_dump) to the disk. */
export async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Copies the data folder's files into `<backupDir>/files/`; `withStore` false leaves the member files out (S3). */
export async function backupDataFiles(
  dataDir: string,
  backupDir: string,
  withStore: boolean,
): Promise<BackupFile[]> {
  const paths = KEY_FILES.slice();
  if (withStore) {
    for (const folder of STORE_FOLDERS) paths.push(...(await walk(dataDir, folder)));
  }
  const files: BackupFile[] = [];
  for (const rel of paths) {
    const path = `${FILES_DIR}/${rel}`;
    const digest = await copyHashed(join(dataDir, ...rel.split('/')), join(backupDir, path));
    if (digest) files.push({ path, ...digest });
  }
  return files;
}

/** Checks every listed file's size and SHA-256 before anything is restored. */
export async function verifyFiles(backupDir: string, files: readonly BackupFile[]): Promise<void> {
  for (const file of files) {
    const digest = await hashFile(join(backupDir, file.path)).catch((err: unknown) => {
      if (missing(err)) throw new BackupRefusal(`The backup misses ${file.path}.`);
      throw err;
    });
    if (digest.size !== file.size || digest.sha256 !== file.sha256) {
      throw new BackupRefusal(
        `Checksum mismatch: ${file.path} is not the file the manifest lists ` +
          `(${digest.size} bytes, sha256 ${digest.sha256.slice(0, 12)}…); the backup is damaged.`,
      );
    }
  }
}

/** Copies a verified file into place under a temporary name first, so a crash leaves no half file. */
export async function placeFile(from: string, to: string): Promise<void> {
  const partial = `${to}.restore.partial`;
  if (!(await copyHashed(from, partial))) throw new Error(`${from} disappeared during the restore`);
  await rename(partial, to);
}

/** Puts the backup's data-folder files back into `dataDir`; answers how many. */
export async function restoreDataFiles(
  backupDir: string,
  files: readonly BackupFile[],
  dataDir: string,
): Promise<number> {
  let count = 0;
  for (const file of files) {
    if (!file.path.startsWith(`${FILES_DIR}/`)) continue;
    const rel = file.path.slice(FILES_DIR.length + 1);
    await placeFile(join(backupDir, file.path), join(dataDir, ...rel.split('/')));
    count += 1;
  }
  return count;
}
