/**
 * Where member files live (photos and thumbnails, complaint screenshots, data-export ZIPs): one
 * interface with two implementations, the data folder (disk-store.ts, the default) and an
 * S3-compatible bucket (s3-store.ts), so several server instances can share the files.
 */
import type { Readable } from 'node:stream';
import { STORAGE_UNAVAILABLE_KEY } from '../../src/shared/contract/fields';
import { HttpError } from '../lib/http-error';

/** Top-level folders of the store; each object key is `<folder>/<name>`. */
export type StoreFolder = 'uploads' | 'complaints' | 'exports';

/** How an object is described when it is written. */
export interface PutOptions {
  contentType: string;
}

/** An object being read: its bytes as a stream and what a response needs to describe it. */
export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
  /** A validator for If-None-Match (quoted, possibly weak), when the store has one. */
  etag: string | undefined;
  lastModified: Date | undefined;
}

/** The file storage every route and job goes through; keys come from `objectKey`. */
export interface ObjectStore {
  /** Where the objects are, for logs: a folder or s3://bucket (never credentials). */
  readonly location: string;
  /** Writes a whole object; readers never see a half-written one. */
  put(key: string, body: Buffer, options: PutOptions): Promise<void>;
  /** Moves a finished local file into the store; on failure the file is left to the caller. */
  putFile(key: string, path: string, options: PutOptions): Promise<void>;
  /** The object, or null when there is none under `key`. */
  get(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; one that is already gone is not an error. */
  delete(key: string): Promise<void>;
  /** Releases connections; the store is not used afterwards. */
  close(): Promise<void>;
}

/** The store could not be reached or refused to work; a 503 the client may retry later. */
export class StorageUnavailableError extends HttpError {
  constructor(options?: { cause?: unknown }) {
    super(503, 'File storage is unavailable; please try again later', STORAGE_UNAVAILABLE_KEY);
    this.name = 'StorageUnavailableError';
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/** A key: folder segments and a name of safe characters, never `.`/`..`, so no store path escapes. */
const KEY = /^(?!.*(^|\/)\.{1,2}(\/|$))[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)+$/;

/** Whether `key` is a well-formed object key (at least `folder/name`). */
export function isObjectKey(key: string): boolean {
  return key.length <= 512 && KEY.test(key);
}

/** The key of `name` (which may hold sub-folders) under `folder`; throws for an unsafe name. */
export function objectKey(folder: StoreFolder, name: string): string {
  const key = `${folder}/${name}`;
  if (!isObjectKey(key)) throw new Error(`Not a valid object name: ${JSON.stringify(name)}`);
  return key;
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  zip: 'application/zip',
};

/** The content type a file name stands for (the disk keeps none of its own). */
export function contentTypeOf(key: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase();
  return (ext && CONTENT_TYPES[ext]) ?? 'application/octet-stream';
}

/** The whole object in memory (a photo or a screenshot), or null when there is none. */
export async function readObject(store: ObjectStore, key: string): Promise<Buffer | null> {
  const object = await store.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
  } catch (err) {
    throw new StorageUnavailableError({ cause: err });
  }
  return Buffer.concat(chunks);
}
