/**
 * The object store in a local folder (the data folder by default): key `uploads/x.jpg` is the file
 * `<root>/uploads/x.jpg`, the layout the server always had. Writes go to a temporary name first
 * and are renamed into place, so a crash never leaves a half file under the real name.
 */
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  contentTypeOf,
  isObjectKey,
  StorageUnavailableError,
  type ObjectStore,
  type PutOptions,
  type StoredObject,
} from './object-store';

/** Errors that mean "there is no such object" rather than "the disk failed". */
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

const codeOf = (err: unknown) => (err as NodeJS.ErrnoException | null)?.code;

/** Runs a file operation; anything but a missing file is a storage failure (disk full, rights). */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof StorageUnavailableError) throw err;
    throw new StorageUnavailableError({ cause: err });
  }
}

/** Objects as files under one folder. */
export class DiskStore implements ObjectStore {
  readonly location: string;

  constructor(private readonly root: string) {
    this.location = root;
  }

  private path(key: string): string {
    // Keys are checked, so no path built here leaves the root.
    if (!isObjectKey(key)) throw new Error(`Not a valid object key: ${JSON.stringify(key)}`);
    return join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Buffer, _options: PutOptions): Promise<void> {
    const path = this.path(key);
    await guarded(async () => {
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.${randomBytes(6).toString('hex')}.partial`;
      try {
        await writeFile(partial, body, { mode: 0o644 });
        await rename(partial, path);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
    });
  }

  async putFile(key: string, source: string, _options: PutOptions): Promise<void> {
    const path = this.path(key);
    await guarded(async () => {
      await mkdir(dirname(path), { recursive: true });
      try {
        await rename(source, path);
      } catch (err) {
        // Another file system: copy under a temporary name, then rename into place.
        if (codeOf(err) !== 'EXDEV') throw err;
        const partial = `${path}.${randomBytes(6).toString('hex')}.partial`;
        await copyFile(source, partial);
        await rename(partial, path);
        await rm(source, { force: true });
      }
    });
  }

  async get(key: string): Promise<StoredObject | null> {
    const path = this.path(key);
    return guarded(async () => {
      // Opened before stat: a file deleted in between still reads whole through the handle.
      const handle = await open(path, 'r').catch((err: unknown) => {
        if (MISSING.has(codeOf(err) ?? '')) return null;
        throw err;
      });
      if (!handle) return null;
      try {
        const info = await handle.stat();
        if (!info.isFile()) {
          await handle.close();
          return null;
        }
        return {
          body: handle.createReadStream({ autoClose: true }),
          size: info.size,
          contentType: contentTypeOf(key),
          etag: `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
          lastModified: info.mtime,
        };
      } catch (err) {
        await handle.close();
        throw err;
      }
    });
  }

  async exists(key: string): Promise<boolean> {
    const path = this.path(key);
    return guarded(async () => {
      try {
        return (await stat(path)).isFile();
      } catch (err) {
        if (MISSING.has(codeOf(err) ?? '')) return false;
        throw err;
      }
    });
  }

  async delete(key: string): Promise<void> {
    const path = this.path(key);
    await guarded(() => rm(path, { force: true }));
  }

  async close(): Promise<void> {}
}
