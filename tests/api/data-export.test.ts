/**
 * /api/export.php and /api/export_download.php: the background job (queued → running → ready with
 * progress), the ZIP's content (the member's own data and nothing of others'), the mailed link
 * until expiry, other members' ids, the daily limit, logged-out calls and account deletion.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DATA_EXPORT_TTL_MS,
  DataExportResponse,
  type DataExport,
} from '../../src/shared/contract/account';
import { ApiError } from '../../src/shared/contract/fields';
import { DEFAULT_RATE_LIMITS } from '../../server/config';
import { as, dobForAge, insertConversation, insertMember, signup } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';
import { lastMailTo, linkIn, mailsTo } from './outbox';
import { multipart, solid } from './uploads';

const EXPORT = '/api/export.php';
const DOWNLOAD = '/api/export_download.php';

for (const engine of ENGINES) {
  describe(`data export (${engine})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(engine, {
        rateLimits: { ...DEFAULT_RATE_LIMITS, global: 100_000, signup: 1000, uploads: 1000 },
      });
    });
    afterAll(() => t.close());
    afterEach(() => vi.useRealTimers());

    const call = (method: 'GET' | 'POST', url: string, cookie?: string) =>
      t.app.inject({ method, url, ...(cookie ? as(cookie) : {}) });
    const start = async (cookie: string): Promise<DataExport> => {
      const res = await call('POST', EXPORT, cookie);
      expect(res.statusCode).toBe(200);
      return DataExportResponse.parse(res.json()).export!;
    };
    const newest = async (cookie: string) =>
      DataExportResponse.parse((await call('GET', EXPORT, cookie)).json()).export;
    const refusal = (res: { statusCode: number; json: () => unknown }) => ({
      status: res.statusCode,
      key: ApiError.parse(res.json()).key,
    });
    const files = (zip: Buffer) => unzipSync(new Uint8Array(zip));
    const json = (entries: Record<string, Uint8Array>, name: string): unknown =>
      JSON.parse(strFromU8(entries[name]!));

    it('makes the ZIP in the background with progress, mails a link, and holds only the member’s data', async () => {
      const { cookie, user } = await signup(t.app, { name: 'Ada Export' });
      const photo = await solid(400, 300).jpeg().toBuffer();
      const upload = await t.app.inject({
        method: 'POST',
        url: '/api/profileimage.php',
        ...multipart([{ name: 'me.jpg', data: photo, type: 'image/jpeg' }]),
        ...as(cookie),
      });
      expect(upload.statusCode).toBe(200);
      const secrets = {
        bobEmail: `bob-${engine}@private.example`,
        carolEmail: `carol-${engine}@private.example`,
        bobBirth: dobForAge(41),
        theirMessage: 'Meet me at the lighthouse, Carol',
      };
      const bob = await insertMember(t.app, {
        name: 'Bob Other',
        email: secrets.bobEmail,
        date_of_birth: secrets.bobBirth,
      });
      const carol = await insertMember(t.app, { name: 'Carol Third', email: secrets.carolEmail });
      await insertConversation(t.app, user.id, bob, {
        messages: [
          { from: user.id, body: 'Hello Bob, from Ada' },
          { from: bob, body: 'Hi Ada, Bob here' },
        ],
      });
      await insertConversation(t.app, bob, carol, {
        messages: [{ from: bob, body: secrets.theirMessage }],
      });
      const like = await t.app.inject({
        method: 'POST',
        url: '/api/likes.php',
        payload: { profile: bob },
        ...as(cookie),
      });
      expect(like.statusCode).toBe(200);
      await t.app.db
        .insertInto('likes')
        .values({ member_id: bob, profile_id: user.id, liked: true, updated_at: Date.now() })
        .execute();
      await t.app.db
        .insertInto('credit_ledger')
        .values({ member_id: user.id, delta: 25, reason: 'bonus', ref: null, created_at: 1 })
        .execute();
      const filed = await t.app.inject({
        method: 'POST',
        url: '/api/complaint_form.php',
        payload: { category: 'abuse', message: 'Ada’s own complaint', language: 'en' },
        ...as(cookie),
      });
      expect(filed.statusCode).toBe(200);

      const progress: number[] = [];
      const repo = t.app.repos.dataExports;
      const spy = vi.spyOn(repo, 'progress').mockImplementation(async (id, percent) => {
        progress.push(percent);
        return Object.getPrototypeOf(repo).progress.call(repo, id, percent) as Promise<boolean>;
      });
      const started = await start(cookie);
      expect(started).toMatchObject({ status: 'queued', progress: 0, expires_at: null });
      await t.app.dataExports.idle();
      spy.mockRestore();
      expect(progress.length).toBeGreaterThan(3);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      expect(progress.at(-1)).toBe(99);

      const ready = await newest(cookie);
      expect(ready).toMatchObject({ id: started.id, status: 'ready', progress: 100 });
      const expiresIn = Date.parse(ready!.expires_at!) - Date.now();
      expect(expiresIn).toBeGreaterThan(DATA_EXPORT_TTL_MS - 60_000);
      expect(expiresIn).toBeLessThanOrEqual(DATA_EXPORT_TTL_MS);

      const res = await call('GET', `${EXPORT}?download=${started.id}`, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['cache-control']).toBe('no-store');
      const day = started.created_at.slice(0, 10);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="amora-data-${day}.zip"`,
      );
      expect(res.rawPayload.length).toBe(ready!.size);
      const zip = files(res.rawPayload);
      const [image] = await t.app.db
        .selectFrom('images')
        .select('id')
        .where('member_id', '=', user.id)
        .execute();
      expect(Object.keys(zip).sort()).toEqual(
        [
          'complaints.json',
          'ledger.json',
          'likes-given.json',
          'likes-received.json',
          'logins.json',
          'messages.json',
          'payments.json',
          `photos/${image!.id}.jpg`,
          'profile.json',
        ].sort(),
      );
      expect(zip[`photos/${image!.id}.jpg`]!.subarray(0, 3)).toEqual(
        new Uint8Array([0xff, 0xd8, 0xff]),
      );
      expect(json(zip, 'profile.json')).toMatchObject({
        account: { id: user.id, email: user.email },
        profile: { name: 'Ada Export' },
        settings: { email_messages: true },
        photos: [{ id: image!.id, main: true, file: `photos/${image!.id}.jpg` }],
      });
      expect(json(zip, 'likes-given.json')).toEqual([
        { member: { id: bob, name: 'Bob Other' }, liked_at: expect.any(String) },
      ]);
      expect(json(zip, 'likes-received.json')).toEqual([
        { member: { id: bob, name: 'Bob Other' }, liked_at: expect.any(String) },
      ]);
      const chats = json(zip, 'messages.json') as Array<{ with: unknown; messages: unknown[] }>;
      expect(chats).toHaveLength(1);
      expect(chats[0]!.with).toEqual({ id: bob, name: 'Bob Other' });
      expect(chats[0]!.messages).toMatchObject([
        { direction: 'sent', text: 'Hello Bob, from Ada' },
        { direction: 'received', text: 'Hi Ada, Bob here' },
      ]);
      expect(json(zip, 'ledger.json')).toMatchObject([{ delta: 25, reason: 'bonus' }]);
      expect(json(zip, 'payments.json')).toEqual([]);
      expect(json(zip, 'complaints.json')).toMatchObject([
        { category: 'abuse', text: 'Ada’s own complaint', status: 'open' },
      ]);
      const logins = json(zip, 'logins.json') as Array<Record<string, unknown>>;
      expect(logins.length).toBeGreaterThan(0);
      expect(logins[0]).toHaveProperty('user_agent');
      expect(Object.keys(logins[0]!)).not.toContain('token_hash');
      const everything = Object.entries(zip)
        .filter(([name]) => name.endsWith('.json'))
        .map(([, data]) => strFromU8(data))
        .join('\n');
      for (const secret of Object.values(secrets)) expect(everything).not.toContain(secret);
      expect(everything).not.toContain('Carol Third');

      const mail = await lastMailTo(t.app, user.email, 'data_export');
      expect(mail.member_id).toBe(user.id);
      const { token } = linkIn(mail.text, DOWNLOAD);
      for (let i = 0; i < 2; i++) {
        const byLink = await call('GET', `${DOWNLOAD}?token=${token}`);
        expect(byLink.statusCode).toBe(200);
        expect(byLink.headers['content-disposition']).toContain('amora-data-');
        expect(Buffer.compare(byLink.rawPayload, res.rawPayload)).toBe(0);
      }
      const row = await repo.byTokenHash('x'.repeat(64));
      expect(row).toBeUndefined();
    });

    it('answers the export under way instead of a second, and re-queues one a crash left running', async () => {
      const { cookie, user } = await signup(t.app);
      await t.app.dataExports.stop();
      try {
        const first = await start(cookie);
        const again = await start(cookie);
        expect(again.id).toBe(first.id);
        await t.app.db
          .updateTable('data_exports')
          .set({ status: 'running', progress: 40 })
          .where('id', '=', first.id)
          .execute();
        expect((await start(cookie)).id).toBe(first.id);
        expect(await newest(cookie)).toMatchObject({ status: 'running', progress: 40 });
      } finally {
        await t.app.dataExports.start();
      }
      await t.app.dataExports.idle();
      expect(await newest(cookie)).toMatchObject({ status: 'ready', progress: 100 });
      expect(await mailsTo(t.app, user.email, 'data_export')).toHaveLength(1);
    });

    it('stops working after expiry: the link and the download are 410 and the ZIP is deleted', async () => {
      const { cookie, user } = await signup(t.app);
      const { id } = await start(cookie);
      await t.app.dataExports.idle();
      const { token } = linkIn((await lastMailTo(t.app, user.email, 'data_export')).text, DOWNLOAD);
      const row = await t.app.repos.dataExports.own(user.id, id);
      const file = join(t.app.dataExports.dir, row!.filename!);
      expect(existsSync(file)).toBe(true);

      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(row!.expires_at! - 1000);
      expect((await call('GET', `${DOWNLOAD}?token=${token}`)).statusCode).toBe(200);
      vi.setSystemTime(row!.expires_at!);
      expect(refusal(await call('GET', `${DOWNLOAD}?token=${token}`))).toEqual({
        status: 410,
        key: 'data_export.errors.expired',
      });
      expect(refusal(await call('GET', `${EXPORT}?download=${id}`, cookie))).toEqual({
        status: 410,
        key: 'data_export.errors.expired',
      });
      t.app.dataExports.wake();
      await t.app.dataExports.idle();
      expect(existsSync(file)).toBe(false);
      expect(await newest(cookie)).toMatchObject({ id, status: 'expired', expires_at: null });
      expect(refusal(await call('GET', `${DOWNLOAD}?token=${token}`)).status).toBe(410);
    });

    it('treats another member’s export id as unknown, and an unknown link as 404', async () => {
      const a = await signup(t.app);
      const b = await signup(t.app);
      const { id } = await start(a.cookie);
      await t.app.dataExports.idle();
      expect(refusal(await call('GET', `${EXPORT}?download=${id}`, b.cookie))).toEqual({
        status: 404,
        key: 'data_export.errors.unknown',
      });
      expect(refusal(await call('GET', `${EXPORT}?download=999999`, a.cookie)).status).toBe(404);
      expect(refusal(await call('GET', `${DOWNLOAD}?token=${'A'.repeat(43)}`))).toEqual({
        status: 404,
        key: 'data_export.errors.unknown_link',
      });
      expect((await call('GET', `${DOWNLOAD}?token=bad!`)).statusCode).toBe(400);
      expect((await call('GET', `${EXPORT}?download=abc`, a.cookie)).statusCode).toBe(400);
      expect(await newest(b.cookie)).toBeNull();
    });

    it('allows three exports a day, then 429 with a key and Retry-After', async () => {
      const { cookie } = await signup(t.app);
      for (let i = 0; i < 3; i++) {
        expect((await start(cookie)).status).toBe('queued');
        await t.app.dataExports.idle();
      }
      const refused = await call('POST', EXPORT, cookie);
      expect(refusal(refused)).toEqual({ status: 429, key: 'data_export.errors.too_many' });
      const retry = Number(refused.headers['retry-after']);
      expect(retry).toBeGreaterThan(23 * 3600);
      expect(retry).toBeLessThanOrEqual(24 * 3600);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + retry * 1000 + 1000);
      expect((await call('POST', EXPORT, cookie)).statusCode).toBe(200);
      vi.useRealTimers();
      await t.app.dataExports.idle();
    });

    it('refuses logged-out calls with 403', async () => {
      for (const method of ['GET', 'POST'] as const) {
        expect(refusal(await call(method, EXPORT))).toEqual({
          status: 403,
          key: 'auth.not_logged_in',
        });
      }
      expect((await call('GET', `${EXPORT}?download=1`)).statusCode).toBe(403);
    });

    it('deletes the exports and their ZIPs with the account', async () => {
      const { cookie, user } = await signup(t.app);
      const { id } = await start(cookie);
      await t.app.dataExports.idle();
      const row = await t.app.repos.dataExports.own(user.id, id);
      const file = join(t.app.dataExports.dir, row!.filename!);
      const { token } = linkIn((await lastMailTo(t.app, user.email, 'data_export')).text, DOWNLOAD);
      const res = await t.app.inject({
        method: 'DELETE',
        url: '/api/account.php',
        payload: { password: 'correct horse battery' },
        ...as(cookie),
      });
      expect(res.statusCode).toBe(200);
      expect(existsSync(file)).toBe(false);
      expect(
        await t.app.db
          .selectFrom('data_exports')
          .select('id')
          .where('member_id', '=', user.id)
          .execute(),
      ).toEqual([]);
      expect((await call('GET', `${DOWNLOAD}?token=${token}`)).statusCode).toBe(404);
    });
  });
}
