/** /api/profileimage.php: magic-byte types, size and pixel limits, metadata stripping, ownership. */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserResponse } from '../../src/shared/contract/account';
import { SESSION_COOKIE } from '../../server/plugins/session';
import { as, signup } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';
import { multipart, solid, type FilePart } from './uploads';

for (const engine of ENGINES) {
  describe(`profile images (${engine})`, () => {
    let t: TestApp;
    let png: Buffer;
    let jpeg: Buffer;
    beforeAll(async () => {
      t = await buildTestApp(engine);
      png = await solid(640, 480).png().toBuffer();
      jpeg = await solid(2400, 1200).jpeg().toBuffer();
    });
    afterAll(() => t.close());

    const uploads = () => join(t.config.dataDir, 'uploads');
    const upload = (cookie: string | undefined, files: FilePart[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/profileimage.php',
        ...multipart(files),
        ...(cookie ? as(cookie) : {}),
      });

    it('stores a PNG as a re-encoded JPEG pair under server-made names and makes it main', async () => {
      const { cookie } = await signup(t.app);
      const res = await upload(cookie, [{ name: 'me.png', data: png, type: 'image/png' }]);
      expect(res.statusCode).toBe(200);
      const { user } = UserResponse.parse(res.json());
      expect(user.profile.images).toHaveLength(1);
      const image = user.profile.images[0]!;
      expect(user.profile.main_image).toEqual(image);
      expect(image.thumb_filename).not.toContain('me');
      expect(image.thumb_filename).toMatch(/^u-[0-9a-f]{32}-thumb\.jpg$/);
      const thumb = await sharp(join(uploads(), image.thumb_filename)).metadata();
      expect(thumb).toMatchObject({ format: 'jpeg', width: 300, height: 300 });
      const full = image.thumb_filename.replace('-thumb', '');
      expect(await sharp(join(uploads(), full)).metadata()).toMatchObject({
        format: 'jpeg',
        width: 640,
        height: 480,
      });
      expect(readdirSync(uploads()).some((f) => f.includes('me.png'))).toBe(false);
      const served = await t.app.inject({ url: `/uploads/${image.thumb_filename}` });
      expect(served.statusCode).toBe(200);
    });

    it('shrinks a big JPEG to 1600 px and keeps the first photo as main', async () => {
      const { cookie } = await signup(t.app);
      await upload(cookie, [{ name: 'a.png', data: png, type: 'image/png' }]);
      const res = await upload(cookie, [{ name: 'b.jpeg', data: jpeg, type: 'image/jpeg' }]);
      expect(res.statusCode).toBe(200);
      const { user } = UserResponse.parse(res.json());
      expect(user.profile.images).toHaveLength(2);
      expect(user.profile.main_image).toEqual(user.profile.images[0]);
      const file = user.profile.images[1]!.thumb_filename.replace('-thumb', '');
      expect(await sharp(join(uploads(), file)).metadata()).toMatchObject({
        width: 1600,
        height: 800,
      });
    });

    it('accepts a PNG named .jpg as the PNG it is', async () => {
      const { cookie } = await signup(t.app);
      const res = await upload(cookie, [{ name: 'photo.jpg', data: png, type: 'image/jpeg' }]);
      expect(res.statusCode).toBe(200);
      expect(UserResponse.parse(res.json()).user.profile.images).toHaveLength(1);
    });

    it('refuses a text file named .png with 415', async () => {
      const { cookie } = await signup(t.app);
      const data = Buffer.from('hello, I am not a picture\n'.repeat(20));
      const res = await upload(cookie, [{ name: 'fake.png', data, type: 'image/png' }]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ key: 'upload.unsupported_type' });
      expect(res.json().message).toMatch(/PNG and JPEG/);
    });

    it('refuses a 50-megapixel PNG by its header with 422', async () => {
      const { cookie } = await signup(t.app);
      const huge = await solid(8000, 6250).png({ compressionLevel: 9 }).toBuffer();
      expect(huge.length).toBeLessThan(10 * 1024 * 1024);
      const res = await upload(cookie, [{ name: 'huge.png', data: huge, type: 'image/png' }]);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ key: 'upload.too_many_pixels' });
      const user = await t.app.inject({ url: '/api/user.php', ...as(cookie) });
      expect(UserResponse.parse(user.json()).user.profile.images).toHaveLength(0);
    });

    it('refuses a file over 10 MB with 413', async () => {
      const { cookie } = await signup(t.app);
      const data = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]);
      const res = await upload(cookie, [{ name: 'big.png', data, type: 'image/png' }]);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ key: 'upload.too_large' });
    });

    it('strips EXIF (GPS included), ICC and XMP from both stored files', async () => {
      const { cookie } = await signup(t.app);
      const tagged = await solid(800, 600)
        .jpeg()
        .withMetadata({ orientation: 6 })
        .withExifMerge({
          IFD0: { Copyright: 'Someone' },
          IFD3: {
            GPSLatitudeRef: 'N',
            GPSLatitude: '52/1 22/1 0/1',
            GPSLongitudeRef: 'E',
            GPSLongitude: '4/1 53/1 0/1',
          },
        })
        .withIccProfile('p3')
        .withXmp(
          '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF ' +
            'xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
        )
        .toBuffer();
      const before = await sharp(tagged).metadata();
      expect(before).toMatchObject({ orientation: 6, width: 800, height: 600 });
      expect(before.exif && before.icc && before.xmp).toBeTruthy();
      // The GPS IFD pointer tag (0x8825) is in the uploaded EXIF.
      expect(
        before.exif!.includes(Buffer.from([0x88, 0x25])) ||
          before.exif!.includes(Buffer.from([0x25, 0x88])),
      ).toBe(true);
      const res = await upload(cookie, [{ name: 'trip.jpg', data: tagged, type: 'image/jpeg' }]);
      expect(res.statusCode).toBe(200);
      const thumbName = UserResponse.parse(res.json()).user.profile.images[0]!.thumb_filename;
      for (const name of [thumbName, thumbName.replace('-thumb', '')]) {
        const meta = await sharp(join(uploads(), name)).metadata();
        expect(meta.exif).toBeUndefined();
        expect(meta.icc).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.iptc).toBeUndefined();
        expect(meta.orientation).toBeUndefined();
      }
      // Orientation 6 (rotate 90°) was applied before the EXIF was dropped.
      const full = await sharp(join(uploads(), thumbName.replace('-thumb', ''))).metadata();
      expect(full).toMatchObject({ width: 600, height: 800 });
    });

    it('answers 403 logged out, 400 without a file or without multipart, never a 5xx', async () => {
      const out = await upload(undefined, [{ name: 'a.png', data: png, type: 'image/png' }]);
      expect(out.statusCode).toBe(403);
      const { cookie } = await signup(t.app);
      const none = await upload(cookie, []);
      expect(none.statusCode).toBe(400);
      expect(none.json()).toMatchObject({ key: 'upload.missing_file' });
      const empty = await upload(cookie, [{ name: 'a.png', data: Buffer.alloc(0), type: 'x/y' }]);
      expect(empty.statusCode).toBe(400);
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/profileimage.php',
        payload: { file: 'x' },
        ...as(cookie),
      });
      expect(json.statusCode).toBe(400);
      const broken = await upload(cookie, [
        { name: 'cut.png', data: png.subarray(0, 100), type: 'image/png' },
      ]);
      expect(broken.statusCode).toBe(422);
      for (const [type, body] of [
        ['multipart/form-data', '{"file":"x"}'],
        ['multipart/form-data; boundary=xx', '--xx\r\nContent-Disposition: form-data; name="a"'],
        ['multipart/form-data; boundary=xx', '--yy\r\n'],
      ]) {
        const unreadable = await t.app.inject({
          method: 'POST',
          url: '/api/profileimage.php',
          headers: { 'content-type': type },
          payload: body,
          ...as(cookie),
        });
        expect(unreadable.statusCode, `${type} ${body}`).toBe(400);
        expect(unreadable.json()).toMatchObject({ key: 'upload.invalid_form' });
      }
    });

    it('deletes and re-picks the main photo only for the owner', async () => {
      const owner = await signup(t.app);
      const other = await signup(t.app);
      await upload(owner.cookie, [
        { name: 'a.png', data: png, type: 'image/png' },
        { name: 'b.png', data: png, type: 'image/png' },
      ]);
      const mine = UserResponse.parse(
        (await t.app.inject({ url: '/api/user.php', ...as(owner.cookie) })).json(),
      ).user.profile.images;
      expect(mine).toHaveLength(2);
      const [first, second] = mine as [(typeof mine)[0], (typeof mine)[0]];
      const call = (method: 'PUT' | 'DELETE', cookie: string, image: number) =>
        t.app.inject({ method, url: '/api/profileimage.php', payload: { image }, ...as(cookie) });

      expect((await call('PUT', other.cookie, second.id)).statusCode).toBe(404);
      expect((await call('DELETE', other.cookie, first.id)).statusCode).toBe(404);
      const picked = await call('PUT', owner.cookie, second.id);
      expect(UserResponse.parse(picked.json()).user.profile.main_image).toEqual(second);
      const deleted = await call('DELETE', owner.cookie, second.id);
      const after = UserResponse.parse(deleted.json()).user.profile;
      expect(after.images).toEqual([first]);
      expect(after.main_image).toEqual(first);
      expect(existsSync(join(uploads(), second.thumb_filename))).toBe(false);
      expect((await call('DELETE', owner.cookie, second.id)).statusCode).toBe(404);
    });

    it('limits uploads per member', async () => {
      const limited = await buildTestApp(engine, {
        rateLimits: { ...t.config.rateLimits, uploads: 2 },
      });
      try {
        const { cookie } = await signup(limited.app);
        const send = () =>
          limited.app.inject({
            method: 'POST',
            url: '/api/profileimage.php',
            ...multipart([{ name: 'a.png', data: png, type: 'image/png' }]),
            cookies: { [SESSION_COOKIE]: cookie },
          });
        expect((await send()).statusCode).toBe(200);
        expect((await send()).statusCode).toBe(200);
        expect((await send()).statusCode).toBe(429);
      } finally {
        await limited.close();
      }
    });
  });
}
