/**
 * The object store in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, …) through the AWS SDK.
 * Every failure other than "no such object" becomes a StorageUnavailableError (HTTP 503) and is
 * logged here, where its cause is known.
 */
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import {
  contentTypeOf,
  isObjectKey,
  StorageUnavailableError,
  type ObjectStore,
  type PutOptions,
  type StoredObject,
} from './object-store';
import type { S3Config } from './s3-config';

/** Where the store reports failures (the app's pino logger fits). */
export interface StoreLog {
  error(details: object, message: string): void;
}

/** A stalled store must not hold requests forever: fail over to a 503 instead. */
const CONNECT_TIMEOUT_MS = 5_000;
const SOCKET_TIMEOUT_MS = 30_000;

/** Whether an SDK error means the object does not exist (GET answers NoSuchKey, HEAD NotFound). */
function isMissing(err: unknown): boolean {
  const name = (err as { name?: string } | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

/** Objects in one bucket. */
export class S3Store implements ObjectStore {
  readonly location: string;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(
    config: S3Config,
    private readonly log: StoreLog,
  ) {
    this.bucket = config.bucket;
    this.location = `s3://${config.bucket}${config.endpoint ? ` at ${config.endpoint}` : ''}`;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      // Only the checksums S3 requires: the SDK's newer default (streamed CRC32 trailers) is not
      // understood by many S3-compatible servers, which then store the framing with the data.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      requestHandler: {
        connectionTimeout: CONNECT_TIMEOUT_MS,
        requestTimeout: SOCKET_TIMEOUT_MS,
      },
    });
  }

  private checked(key: string): string {
    if (!isObjectKey(key)) throw new Error(`Not a valid object key: ${JSON.stringify(key)}`);
    return key;
  }

  /** A failure of the store: logged with its cause, answered as 503. */
  private unavailable(err: unknown, operation: string, key: string): StorageUnavailableError {
    this.log.error({ err, operation, key, store: this.location }, 'object store request failed');
    return new StorageUnavailableError({ cause: err });
  }

  async put(key: string, body: Buffer, options: PutOptions): Promise<void> {
    const Key = this.checked(key);
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key,
          Body: body,
          ContentType: options.contentType,
        }),
      );
    } catch (err) {
      throw this.unavailable(err, 'put', key);
    }
  }

  async putFile(key: string, path: string, options: PutOptions): Promise<void> {
    const Key = this.checked(key);
    try {
      const { size } = await stat(path);
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key,
          Body: createReadStream(path),
          ContentLength: size,
          ContentType: options.contentType,
        }),
      );
    } catch (err) {
      throw this.unavailable(err, 'put', key);
    }
    await rm(path, { force: true });
  }

  async get(key: string): Promise<StoredObject | null> {
    const Key = this.checked(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key }));
      if (!(out.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
      return {
        body: out.Body,
        size: out.ContentLength ?? 0,
        contentType: out.ContentType ?? contentTypeOf(key),
        etag: out.ETag,
        lastModified: out.LastModified,
      };
    } catch (err) {
      if (isMissing(err)) return null;
      throw this.unavailable(err, 'get', key);
    }
  }

  async exists(key: string): Promise<boolean> {
    const Key = this.checked(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw this.unavailable(err, 'head', key);
    }
  }

  async delete(key: string): Promise<void> {
    const Key = this.checked(key);
    try {
      // S3 answers 204 for a key that is not there, so a second delete is fine.
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }));
    } catch (err) {
      if (isMissing(err)) return;
      throw this.unavailable(err, 'delete', key);
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
