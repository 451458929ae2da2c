/** POST /api/complaint_form.php: members and visitors, bad input, the screenshot, rate limit, mail. */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/shared/contract/fields';
import { COMPLAINT_FORM_PATH, ComplaintFormResult } from '../../src/shared/contract/moderation';
import { DEFAULT_RATE_LIMITS } from '../../server/config';
import { as, insertMember, signup } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';
import { lastMailTo, mailsTo } from './outbox';
import { multipart, type FilePart } from './uploads';

const base = { category: 'abuse', message: 'He keeps sending threats.', language: 'en' };

for (const engine of ENGINES) {
  describe(`complaint form (${engine})`, () => {
    let t: TestApp;
    let png: Buffer;
    beforeAll(async () => {
      t = await buildTestApp(engine, {
        rateLimits: { ...DEFAULT_RATE_LIMITS, global: 100_000, signup: 1000, complaints: 1000 },
      });
      png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#fff' } })
        .withMetadata({ exif: { IFD0: { Artist: 'secret-author' } } })
        .png()
        .toBuffer();
    });
    afterAll(() => t.close());

    const dir = () => join(t.config.dataDir, 'complaints');
    const send = (fields: Record<string, string>, files: FilePart[] = [], cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: COMPLAINT_FORM_PATH,
        ...multipart(files, fields, 'screenshot'),
        ...(cookie ? as(cookie) : {}),
      });
    const refusal = (res: { statusCode: number; json: () => unknown }) => ({
      status: res.statusCode,
      key: ApiError.parse(res.json()).key,
    });
    const row = (id: number) =>
      t.app.db.selectFrom('complaints').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    it('takes a visitor complaint with a screenshot and mails the reference in their language', async () => {
      const target = await insertMember(t.app, { name: 'Target' });
      const email = `visitor-${engine}@example.org`;
      const res = await send(
        { ...base, language: 'pl', member: `https://amora.test/members/${target}`, email },
        [{ name: 'shot.png', data: png, type: 'image/png' }],
      );
      expect(res.statusCode).toBe(200);
      const { id, reference } = ComplaintFormResult.parse(res.json());
      expect(reference).toBe(`CP-${String(id).padStart(6, '0')}`);
      const stored = await row(id);
      expect(stored).toMatchObject({
        reporter_id: null,
        reported_member_id: target,
        email,
        category: 'abuse',
        language: 'pl',
        reference,
        body: base.message,
      });
      const file = join(dir(), stored.screenshot!);
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect(stored.screenshot).toMatch(/^c-[0-9a-f]{32}\.jpg$/);
      const served = await t.app.inject({ url: `/uploads/${stored.screenshot}` });
      expect(served.statusCode).not.toBe(200);
      const mail = await lastMailTo(t.app, email, 'complaint');
      expect(mail.subject).toContain(reference);
      expect(mail.text).toContain('Nadużycie lub nękanie');
      expect(mail.text).toContain(base.message);
      expect(mail.member_id).toBeNull();
    });

    it('sends a member’s replies to the account address, whatever e-mail the form carries', async () => {
      const { cookie, user } = await signup(t.app);
      const res = await send({ ...base, email: 'other@example.org' }, [], cookie);
      expect(res.statusCode).toBe(200);
      const { id, reference } = ComplaintFormResult.parse(res.json());
      expect(await row(id)).toMatchObject({ reporter_id: user.id, email: user.email });
      expect((await lastMailTo(t.app, user.email, 'complaint')).subject).toContain(reference);
      expect(await mailsTo(t.app, 'other@example.org', 'complaint')).toHaveLength(0);
    });

    it('takes a member id and a JSON body without a screenshot', async () => {
      const target = await insertMember(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: COMPLAINT_FORM_PATH,
        payload: { ...base, member: `#${target}`, email: 'json@example.org' },
      });
      expect(res.statusCode).toBe(200);
      const { id } = ComplaintFormResult.parse(res.json());
      expect(await row(id)).toMatchObject({ reported_member_id: target, screenshot: null });
    });

    it('refuses empty text, a visitor without e-mail and a bad category with 400 and a key', async () => {
      const email = 'v@example.org';
      expect(refusal(await send({ ...base, message: '   ', email }))).toEqual({
        status: 400,
        key: 'complaints.errors.message_required',
      });
      expect(refusal(await send({ ...base }))).toEqual({
        status: 400,
        key: 'complaints.errors.email_required',
      });
      expect(refusal(await send({ ...base, email: 'not-an-address' }))).toEqual({
        status: 400,
        key: 'complaints.errors.email_invalid',
      });
      expect(refusal(await send({ ...base, category: 'nonsense', email }))).toEqual({
        status: 400,
        key: 'complaints.errors.category',
      });
      expect(refusal(await send({ ...base, message: 'x'.repeat(2001), email }))).toEqual({
        status: 400,
        key: 'complaints.errors.message_too_long',
      });
    });

    it('says "unknown member" alike for a missing, a deleted and a banned member', async () => {
      const deleted = await insertMember(t.app, { deleted: true });
      const banned = await insertMember(t.app, { status: 'banned' });
      for (const member of ['999999', String(deleted), `/members/${banned}`]) {
        expect(refusal(await send({ ...base, member, email: 'v@example.org' }))).toEqual({
          status: 404,
          key: 'complaints.errors.unknown_member',
        });
      }
      expect(refusal(await send({ ...base, member: 'someone', email: 'v@example.org' }))).toEqual({
        status: 400,
        key: 'complaints.errors.member_ref',
      });
    });

    it('refuses a 10 MB screenshot (413) and a non-image (415), accepts a PNG named .jpg', async () => {
      const fields = { ...base, email: 'shots@example.org' };
      const before = readdirSync(dir()).length;
      const big = Buffer.alloc(10 * 1024 * 1024 + 1, 1);
      expect(
        refusal(await send(fields, [{ name: 'a.png', data: big, type: 'image/png' }])),
      ).toEqual({ status: 413, key: 'complaints.errors.screenshot_too_large' });
      const text = Buffer.from('not a picture\n'.repeat(50));
      expect(
        refusal(await send(fields, [{ name: 'a.png', data: text, type: 'image/png' }])),
      ).toEqual({ status: 415, key: 'complaints.errors.screenshot_type' });
      expect(readdirSync(dir()).length).toBe(before);
      const asJpg = await send(fields, [{ name: 'a.jpg', data: png, type: 'image/jpeg' }]);
      expect(asJpg.statusCode).toBe(200);
      const { id } = ComplaintFormResult.parse(asJpg.json());
      expect(existsSync(join(dir(), (await row(id)).screenshot!))).toBe(true);
      expect(await mailsTo(t.app, 'shots@example.org', 'complaint')).toHaveLength(1);
    });
  });

  describe(`complaint form rate limit (${engine})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(engine, {
        rateLimits: { ...DEFAULT_RATE_LIMITS, global: 100_000, complaints: 2 },
      });
    });
    afterAll(() => t.close());

    const send = (remoteAddress: string, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: COMPLAINT_FORM_PATH,
        remoteAddress,
        payload: { ...base, email: 'limit@example.org' },
        ...(cookie ? as(cookie) : {}),
      });

    it('limits visitors per IP and members per member', async () => {
      expect((await send('10.9.0.1')).statusCode).toBe(200);
      expect((await send('10.9.0.1')).statusCode).toBe(200);
      const third = await send('10.9.0.1');
      expect(third.statusCode).toBe(429);
      expect(ApiError.parse(third.json()).key).toBe('error.too_many_requests');
      expect((await send('10.9.0.2')).statusCode).toBe(200);
      const { cookie } = await signup(t.app);
      expect((await send('10.9.0.1', cookie)).statusCode).toBe(200);
      expect((await send('10.9.0.3', cookie)).statusCode).toBe(200);
      expect((await send('10.9.0.4', cookie)).statusCode).toBe(429);
    });
  });
}
