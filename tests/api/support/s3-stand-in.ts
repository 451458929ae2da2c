/**
 * A real S3-compatible server on loopback (s3rver, files in a temp folder) with one bucket, and a
 * plain AWS SDK client so tests look into the bucket without going through the app's store.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Config } from '../../../server/storage/s3-config';

/** The running server and what a test needs of it. */
export interface S3StandIn {
  /** Settings for AppConfig.s3 (path-style, s3rver's fixed key pair). */
  config: S3Config;
  /** Whether the bucket holds `key`. */
  has(key: string): Promise<boolean>;
  /** The bytes and content type under `key`. */
  read(key: string): Promise<{ bytes: Buffer; contentType: string | undefined }>;
  close(): Promise<void>;
}

/** s3rver checks signatures against this fixed pair. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** Starts s3rver on a free port with an empty bucket. */
export async function startS3(bucket = 'amora-photos'): Promise<S3StandIn> {
  const directory = mkdtempSync(join(tmpdir(), 'amora-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const config: S3Config = {
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    credentials: CREDENTIALS,
  };
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: true,
    credentials: CREDENTIALS,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    config,
    async has(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (err) {
        if ((err as { name?: string }).name === 'NotFound') return false;
        throw err;
      }
    },
    async read(key) {
      const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      const bytes = Buffer.from(await out.Body!.transformToByteArray());
      return { bytes, contentType: out.ContentType };
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A loopback port nothing listens on: an S3 endpoint there is an outage. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
