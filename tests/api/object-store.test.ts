/**
 * The file storage interface (server/storage/): the same behaviour from the data folder and from
 * a real S3-compatible server (s3rver on loopback), what an outage looks like, the safe-key rule,
 * and the S3 settings (S3_URL or the separate S3_* variables).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_UNAVAILABLE_KEY } from '../../src/shared/contract/fields';
import { loadConfig } from '../../server/config';
import { DiskStore } from '../../server/storage/disk-store';
import {
  contentTypeOf,
  isObjectKey,
  objectKey,
  readObject,
  StorageUnavailableError,
  type ObjectStore,
} from '../../server/storage/object-store';
import { parseS3Url } from '../../server/storage/s3-config';
import { S3Store, type StoreLog } from '../../server/storage/s3-store';
import { closedPort, startS3, type S3StandIn } from './support/s3-stand-in';

const JPEG = { contentType: 'image/jpeg' };
const quietLog: StoreLog = { error: () => {} };

/** A failure the error handler turns into a 503 with the storage key. */
async function expectUnavailable(work: Promise<unknown>): Promise<void> {
  const err: unknown = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(StorageUnavailableError);
  expect(err).toMatchObject({ statusCode: 503, key: STORAGE_UNAVAILABLE_KEY });
}

describe('object stores', () => {
  let dir: string;
  let s3: S3StandIn;
  const stores: Record<'disk' | 's3', ObjectStore> = {} as Record<'disk' | 's3', ObjectStore>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'amora-store-'));
    s3 = await startS3();
    stores.disk = new DiskStore(join(dir, 'data'));
    stores.s3 = new S3Store(s3.config, quietLog);
  });
  afterAll(async () => {
    await stores.s3.close();
    await s3.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const kind of ['disk', 's3'] as const) {
    describe(kind, () => {
      it('writes, reads, tells existence and deletes (twice without complaint)', async () => {
        const store = stores[kind];
        const key = objectKey('uploads', `u-${kind}-a.jpg`);
        const bytes = Buffer.from('not really a jpeg, but bytes all the same');
        expect(await store.exists(key)).toBe(false);
        expect(await store.get(key)).toBeNull();
        await store.put(key, bytes, JPEG);
        expect(await store.exists(key)).toBe(true);
        const object = await store.get(key);
        expect(object).toMatchObject({ size: bytes.length, contentType: 'image/jpeg' });
        expect(object?.etag).toBeTruthy();
        object?.body.destroy();
        expect(await readObject(store, key)).toEqual(bytes);
        await store.delete(key);
        await store.delete(key);
        expect(await store.exists(key)).toBe(false);
        expect(await readObject(store, key)).toBeNull();
      });

      it('replaces an object written again under the same key', async () => {
        const store = stores[kind];
        const key = objectKey('complaints', `c-${kind}.jpg`);
        await store.put(key, Buffer.from('first'), JPEG);
        await store.put(key, Buffer.from('second'), JPEG);
        expect((await readObject(store, key))?.toString()).toBe('second');
      });

      it('moves a finished local file into the store', async () => {
        const store = stores[kind];
        const local = join(dir, `${kind}-export.zip.partial`);
        const bytes = Buffer.alloc(300_000, 7);
        writeFileSync(local, bytes);
        const key = objectKey('exports', `x-${kind}.zip`);
        await store.putFile(key, local, { contentType: 'application/zip' });
        expect(existsSync(local)).toBe(false);
        const object = await store.get(key);
        expect(object).toMatchObject({ size: bytes.length, contentType: 'application/zip' });
        object?.body.destroy();
        // Buffer.equals: a deep toEqual over 300 kB is slow.
        expect((await readObject(store, key))?.equals(bytes)).toBe(true);
      });

      it('refuses keys that could leave the store', async () => {
        const store = stores[kind];
        for (const key of ['uploads/../app.db', '../app.db', 'uploads/./x', '/etc/passwd', 'x']) {
          await expect(store.get(key)).rejects.toThrow(/Not a valid object key/);
        }
      });
    });
  }

  it('keeps the data folder layout on disk and leaves no temporary files', async () => {
    const root = join(dir, 'layout');
    const store = new DiskStore(root);
    await store.put('uploads/u-1.jpg', Buffer.from('a'), JPEG);
    await store.put('uploads/u-1.jpg', Buffer.from('b'), JPEG);
    expect(readdirSync(join(root, 'uploads'))).toEqual(['u-1.jpg']);
  });

  it('answers 503 when the S3 server cannot be reached', async () => {
    const down = new S3Store(
      { ...s3.config, endpoint: `http://127.0.0.1:${await closedPort()}` },
      quietLog,
    );
    try {
      const key = 'uploads/u-down.jpg';
      await expectUnavailable(down.put(key, Buffer.from('x'), JPEG));
      await expectUnavailable(down.get(key));
      await expectUnavailable(down.exists(key));
      await expectUnavailable(down.delete(key));
    } finally {
      await down.close();
    }
  });

  it('answers 503 when the S3 bucket does not exist', async () => {
    const logged: object[] = [];
    const wrong = new S3Store(
      { ...s3.config, bucket: 'no-such-bucket' },
      { error: (details) => logged.push(details) },
    );
    try {
      await expectUnavailable(wrong.put('uploads/u-x.jpg', Buffer.from('x'), JPEG));
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ operation: 'put', key: 'uploads/u-x.jpg' });
    } finally {
      await wrong.close();
    }
  });

  it('answers 503 when the disk cannot be written', async () => {
    // The root is a file, so no folder can be made under it (works whoever runs the test).
    const blocked = join(dir, 'blocked');
    writeFileSync(blocked, 'a file, not a folder');
    const store = new DiskStore(blocked);
    await expectUnavailable(store.put('uploads/u-1.jpg', Buffer.from('x'), JPEG));
    expect(await store.get('uploads/u-1.jpg')).toBeNull();
  });
});

describe('object keys', () => {
  it('accepts folder/name keys of safe characters only', () => {
    expect(isObjectKey('uploads/u-0a.jpg')).toBe(true);
    expect(isObjectKey('uploads/ab/photo_thumb.jpg')).toBe(true);
    for (const bad of ['uploads', 'uploads/', 'uploads/../x', 'uploads/..', 'a//b', 'up loads/x']) {
      expect(isObjectKey(bad), bad).toBe(false);
    }
    expect(() => objectKey('uploads', '../app.db')).toThrow();
  });

  it('knows the content types of the files it keeps', () => {
    expect(contentTypeOf('uploads/u-1.jpg')).toBe('image/jpeg');
    expect(contentTypeOf('uploads/seed-1.PNG')).toBe('image/png');
    expect(contentTypeOf('exports/x-1.zip')).toBe('application/zip');
    expect(contentTypeOf('uploads/readme')).toBe('application/octet-stream');
  });
});

describe('S3 settings', () => {
  it('reads S3_URL: credentials, endpoint scheme, bucket, region and path style', () => {
    expect(
      parseS3Url(
        's3+http://AK%2B1:se%2Fcret@127.0.0.1:9000/photos?region=eu-west-1&forcePathStyle=true',
      ),
    ).toEqual({
      bucket: 'photos',
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AK+1', secretAccessKey: 'se/cret' },
    });
    expect(parseS3Url('s3://s3.eu-central-1.amazonaws.com/amora')).toEqual({
      bucket: 'amora',
      region: 'us-east-1',
      endpoint: 'https://s3.eu-central-1.amazonaws.com',
      forcePathStyle: false,
    });
  });

  it('refuses S3_URLs that cannot work', () => {
    for (const bad of [
      's3://host',
      's3://KEY@host/bucket',
      's3://host/bucket?pathStyle=1',
      's3://host/bucket?forcePathStyle=maybe',
      's3://host/Bad_Bucket',
    ]) {
      expect(() => parseS3Url(bad), bad).toThrow(/Invalid environment: S3_URL/);
    }
  });

  it('takes S3_URL or the separate variables from the environment, never both', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(
      loadConfig({ S3_URL: 's3+http://k:s@minio:9000/amora?forcePathStyle=1' }).s3,
    ).toMatchObject({ bucket: 'amora', endpoint: 'http://minio:9000', forcePathStyle: true });
    expect(
      loadConfig({
        S3_ENDPOINT: 'http://minio:9000/',
        S3_BUCKET: 'amora',
        S3_REGION: 'eu-west-3',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
    ).toEqual({
      bucket: 'amora',
      region: 'eu-west-3',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
    });
    expect(loadConfig({ S3_BUCKET: 'amora' }).s3).toEqual({
      bucket: 'amora',
      region: 'us-east-1',
      forcePathStyle: false,
    });
    expect(() => loadConfig({ S3_URL: 's3://h/amora', S3_BUCKET: 'other' })).toThrow(/not both/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'amora', S3_ACCESS_KEY_ID: 'k' })).toThrow(/both/);
    expect(() => loadConfig({ S3_URL: 'https://minio/amora' })).toThrow(/S3_URL/);
  });
});
