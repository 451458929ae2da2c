/**
 * Member files in an S3 bucket (s3rver on loopback) with two app instances on one database and
 * one bucket, as behind a load balancer: photos and thumbnails, complaint screenshots and
 * data-export ZIPs go to the bucket and never to the data folder, either instance serves them at
 * the settings' cdn_prefix, deleting a photo or an account removes them, and a third instance
 * whose S3 endpoint is down answers 503 `storage.unavailable` without saving a row.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataExportResponse, UserResponse } from '../../src/shared/contract/account';
import { ApiError, STORAGE_UNAVAILABLE_KEY } from '../../src/shared/contract/fields';
import { COMPLAINT_FORM_PATH, ComplaintFormResult } from '../../src/shared/contract/moderation';
import { type Settings } from '../../src/shared/contract/settings';
import type { AppConfig } from '../../server/config';
import { DEFAULT_RATE_LIMITS } from '../../server/config';
import { as, PASSWORD, signup } from './fixtures';
import { buildSiblingApp, buildTestApp, ENGINES, type TestApp } from './helper';
import { moderator } from './moderation-calls';
import { lastMailTo, linkIn } from './outbox';
import { closedPort, startS3, type S3StandIn } from './support/s3-stand-in';
import { multipart, solid } from './uploads';

const UPLOAD = '/api/profileimage.php';

for (const engine of ENGINES) {
  describe(`member files in an S3 bucket (${engine})`, () => {
    let s3: S3StandIn;
    let a: TestApp;
    let b: TestApp;
    /** Data folders that are not the first instance's (removed at the end). */
    const ownDirs: string[] = [];
    let png: Buffer;

    /**
     * Another instance on the same database. On PostgreSQL it also gets its own data folder, so
     * nothing can reach it through the disk; SQLite keeps its database file in the data folder.
     */
    const sibling = async (overrides: Partial<AppConfig> = {}) => {
      if (engine !== 'postgres') return buildSiblingApp(a, overrides);
      const dataDir = mkdtempSync(join(tmpdir(), 'amora-s3-sibling-'));
      ownDirs.push(dataDir);
      return buildSiblingApp(a, { dataDir, ...overrides });
    };

    beforeAll(async () => {
      s3 = await startS3();
      a = await buildTestApp(engine, {
        s3: s3.config,
        rateLimits: { ...DEFAULT_RATE_LIMITS, global: 100_000, signup: 1000, uploads: 1000 },
      });
      b = await sibling();
      png = await solid(640, 480).png().toBuffer();
    });
    afterAll(async () => {
      await b.close();
      await a.close();
      await s3.close();
      for (const dir of ownDirs) rmSync(dir, { recursive: true, force: true });
    });

    const upload = (t: TestApp, cookie: string) =>
      t.app.inject({
        method: 'POST',
        url: UPLOAD,
        ...multipart([{ name: 'me.png', data: png, type: 'image/png' }]),
        ...as(cookie),
      });
    /** A new member with one photo uploaded through `t`; its stored names. */
    const memberWithPhoto = async (t: TestApp) => {
      const member = await signup(t.app);
      const res = await upload(t, member.cookie);
      expect(res.statusCode).toBe(200);
      const image = UserResponse.parse(res.json()).user.profile.images[0]!;
      const thumb = image.thumb_filename;
      return { ...member, image: image.id, thumb, full: thumb.replace('-thumb', '') };
    };
    /** Every file name under a data folder's subfolder (none when it was never made). */
    const onDisk = (t: TestApp, folder: string) => {
      const dir = join(t.config.dataDir, folder);
      return existsSync(dir) ? readdirSync(dir) : [];
    };
    const cdnPrefix = async (t: TestApp) =>
      ((await t.app.inject({ url: '/api/settings.php' })).json() as Settings).cdn_prefix;
    const key = (res: { json: () => unknown }) => ApiError.parse(res.json()).key;

    it('stores an uploaded photo and its thumbnail in the bucket, not in the data folder', async () => {
      const { full, thumb } = await memberWithPhoto(a);
      expect(await s3.has(`uploads/${full}`)).toBe(true);
      expect(await s3.has(`uploads/${thumb}`)).toBe(true);
      const stored = await s3.read(`uploads/${thumb}`);
      expect(stored.contentType).toBe('image/jpeg');
      expect(await sharp(stored.bytes).metadata()).toMatchObject({
        format: 'jpeg',
        width: 300,
        height: 300,
      });
      expect(await sharp((await s3.read(`uploads/${full}`)).bytes).metadata()).toMatchObject({
        width: 640,
        height: 480,
      });
      expect(onDisk(a, 'uploads')).not.toContain(full);
      expect(onDisk(a, 'uploads')).not.toContain(thumb);
    });

    it('serves a photo uploaded through one instance through the other, at the cdn_prefix', async () => {
      const { full, thumb } = await memberWithPhoto(a);
      const prefix = await cdnPrefix(b);
      for (const name of [thumb, full]) {
        const res = await b.app.inject({ url: `${prefix}${name}` });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/jpeg');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.rawPayload.equals((await s3.read(`uploads/${name}`)).bytes)).toBe(true);
        const etag = res.headers.etag as string;
        expect(etag).toBeTruthy();
        const again = await a.app.inject({
          url: `${prefix}${name}`,
          headers: { 'if-none-match': etag },
        });
        expect(again.statusCode).toBe(304);
        expect(again.body).toBe('');
      }
      expect(onDisk(b, 'uploads')).not.toContain(thumb);
      const missing = await b.app.inject({ url: `${prefix}u-${'0'.repeat(32)}.jpg` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ statusCode: 404 });
    });

    it('removes both objects when the photo is deleted through the other instance', async () => {
      const { cookie, image, full, thumb } = await memberWithPhoto(a);
      const res = await b.app.inject({
        method: 'DELETE',
        url: UPLOAD,
        payload: { image },
        ...as(cookie),
      });
      expect(res.statusCode).toBe(200);
      expect(UserResponse.parse(res.json()).user.profile.images).toEqual([]);
      expect(await s3.has(`uploads/${full}`)).toBe(false);
      expect(await s3.has(`uploads/${thumb}`)).toBe(false);
      expect((await a.app.inject({ url: `/uploads/${thumb}` })).statusCode).toBe(404);
    });

    it('makes the data export from the bucket, keeps the ZIP there and hands it out through either instance', async () => {
      const { cookie, user, image, full } = await memberWithPhoto(a);
      const started = await a.app.inject({ method: 'POST', url: '/api/export.php', ...as(cookie) });
      expect(started.statusCode).toBe(200);
      await a.app.dataExports.idle();
      await b.app.dataExports.idle();
      const ready = DataExportResponse.parse(
        (await b.app.inject({ url: '/api/export.php', ...as(cookie) })).json(),
      ).export;
      expect(ready).toMatchObject({ status: 'ready', progress: 100 });
      const row = await a.app.repos.dataExports.own(user.id, ready!.id);
      expect(await s3.has(`exports/${row!.filename}`)).toBe(true);
      expect(onDisk(a, 'exports')).toEqual([]);

      const { token } = linkIn(
        (await lastMailTo(a.app, user.email, 'data_export')).text,
        '/api/export_download.php',
      );
      const download = await b.app.inject({ url: `/api/export_download.php?token=${token}` });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/zip');
      const zip = unzipSync(new Uint8Array(download.rawPayload));
      const photo = Buffer.from(zip[`photos/${image}.jpg`]!);
      expect(photo.equals((await s3.read(`uploads/${full}`)).bytes)).toBe(true);
      const own = await a.app.inject({
        url: `/api/export.php?download=${ready!.id}`,
        ...as(cookie),
      });
      expect(own.statusCode).toBe(200);
      expect(own.rawPayload.equals(download.rawPayload)).toBe(true);
    });

    it('removes the photos and export ZIPs from the bucket with the account', async () => {
      const { cookie, user, full, thumb } = await memberWithPhoto(a);
      await a.app.inject({ method: 'POST', url: '/api/export.php', ...as(cookie) });
      await a.app.dataExports.idle();
      await b.app.dataExports.idle();
      const exported = await a.app.db
        .selectFrom('data_exports')
        .select('filename')
        .where('member_id', '=', user.id)
        .executeTakeFirstOrThrow();
      const zipKey = `exports/${exported.filename}`;
      expect(await s3.has(zipKey)).toBe(true);

      const res = await b.app.inject({
        method: 'DELETE',
        url: '/api/account.php',
        payload: { password: PASSWORD },
        ...as(cookie),
      });
      expect(res.statusCode).toBe(200);
      expect(await s3.has(`uploads/${full}`)).toBe(false);
      expect(await s3.has(`uploads/${thumb}`)).toBe(false);
      expect(await s3.has(zipKey)).toBe(false);
    });

    it('keeps complaint screenshots in the bucket for moderators of either instance', async () => {
      const sent = await a.app.inject({
        method: 'POST',
        url: COMPLAINT_FORM_PATH,
        ...multipart(
          [{ name: 'shot.png', data: png, type: 'image/png' }],
          {
            category: 'abuse',
            message: 'A screenshot of it',
            language: 'en',
            email: 'v@example.org',
          },
          'screenshot',
        ),
      });
      expect(sent.statusCode).toBe(200);
      const { id } = ComplaintFormResult.parse(sent.json());
      const row = await a.app.db
        .selectFrom('complaints')
        .select('screenshot')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(await s3.has(`complaints/${row.screenshot}`)).toBe(true);
      expect(onDisk(a, 'complaints')).toEqual([]);
      const mod = await moderator(b.app);
      const shot = await b.app.inject({
        url: `/api/moderation_screenshot.php?complaint=${id}`,
        ...as(mod.cookie),
      });
      expect(shot.statusCode).toBe(200);
      expect(shot.headers['content-type']).toBe('image/jpeg');
      expect(shot.rawPayload.equals((await s3.read(`complaints/${row.screenshot}`)).bytes)).toBe(
        true,
      );
    });

    describe('with the S3 endpoint down', () => {
      let down: TestApp;
      beforeAll(async () => {
        down = await sibling({
          s3: { ...s3.config, endpoint: `http://127.0.0.1:${await closedPort()}` },
        });
      });
      afterAll(() => down.close());

      const imagesOf = (member: number) =>
        a.app.db.selectFrom('images').select('id').where('member_id', '=', member).execute();

      it('answers an upload 503 storage.unavailable and saves no row', async () => {
        const { cookie, user } = await signup(a.app);
        const res = await upload(down, cookie);
        expect(res.statusCode).toBe(503);
        expect(key(res)).toBe(STORAGE_UNAVAILABLE_KEY);
        expect(await imagesOf(user.id)).toEqual([]);
        // The healthy instance still takes the same member's photo.
        expect((await upload(a, cookie)).statusCode).toBe(200);
      });

      it('answers 503 for photos, screenshots and ZIPs it cannot read', async () => {
        const { cookie, thumb } = await memberWithPhoto(a);
        const photo = await down.app.inject({ url: `/uploads/${thumb}` });
        expect(photo.statusCode).toBe(503);
        expect(key(photo)).toBe(STORAGE_UNAVAILABLE_KEY);

        await a.app.inject({ method: 'POST', url: '/api/export.php', ...as(cookie) });
        await a.app.dataExports.idle();
        await b.app.dataExports.idle();
        const ready = DataExportResponse.parse(
          (await a.app.inject({ url: '/api/export.php', ...as(cookie) })).json(),
        ).export;
        const zip = await down.app.inject({
          url: `/api/export.php?download=${ready!.id}`,
          ...as(cookie),
        });
        expect(zip.statusCode).toBe(503);
        expect(key(zip)).toBe(STORAGE_UNAVAILABLE_KEY);

        const complaint = await down.app.inject({
          method: 'POST',
          url: COMPLAINT_FORM_PATH,
          ...multipart(
            [{ name: 'shot.png', data: png, type: 'image/png' }],
            { category: 'abuse', message: 'Sent while storage is down', language: 'en' },
            'screenshot',
          ),
          ...as(cookie),
        });
        expect(complaint.statusCode).toBe(503);
        expect(key(complaint)).toBe(STORAGE_UNAVAILABLE_KEY);
      });

      it('deletes the photo row even when its files cannot be removed yet', async () => {
        const { cookie, user, image, full } = await memberWithPhoto(a);
        const res = await down.app.inject({
          method: 'DELETE',
          url: UPLOAD,
          payload: { image },
          ...as(cookie),
        });
        expect(res.statusCode).toBe(200);
        expect(await imagesOf(user.id)).toEqual([]);
        // Left behind unused: no row names it, so nobody is shown a missing photo.
        expect(await s3.has(`uploads/${full}`)).toBe(true);
      });
    });
  });
}
