/** Picks the object store the config asks for: the S3 bucket when set, else the data folder. */
import type { AppConfig } from '../config';
import { DiskStore } from './disk-store';
import type { ObjectStore } from './object-store';
import { S3Store, type StoreLog } from './s3-store';

/** A new store for `config`; the caller closes it. */
export function openObjectStore(
  config: Pick<AppConfig, 's3' | 'dataDir'>,
  log: StoreLog,
): ObjectStore {
  return config.s3 ? new S3Store(config.s3, log) : new DiskStore(config.dataDir);
}
