/** Picks the object store the config asks for: the S3 bucket when set, else the data folder. */
import type { AppConfig } from '../config';
import { DiskStore } from './disk-store';
import type { ObjectStore } from './object-store';
import type { StoreLog } from './s3-store';

/** A new store for `config`; the caller closes it. */
export async function openObjectStore(
  config: Pick<AppConfig, 's3' | 'dataDir'>,
  log: StoreLog,
): Promise<ObjectStore> {
  if (!config.s3) return new DiskStore(config.dataDir);
  // The S3 client is a large module: a server on the data folder never loads it.
  const { S3Store } = await import('./s3-store');
  return new S3Store(config.s3, log);
}
