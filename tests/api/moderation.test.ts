/**
 * The moderation console's authorization: every call answers anyone but a moderator exactly like
 * an unknown path (also with bad input, so validation reveals nothing), and a moderator cannot act
 * on themselves.
 */
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLAINT_FORM_PATH, MODERATION_PATH } from '../../src/shared/contract/moderation';
import { runAdminCommand } from '../../server/admin/commands';
import { as } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';
import { account, act, moderator, refusal, report, type Account } from './moderation-calls';
import { multipart } from './uploads';

/** The console's calls, each as a method, a path and a query or body. */
interface ConsoleCall {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  query?: string;
  body?: object;
}

for (const engine of ENGINES) {
  describe(`moderation console authorization (${engine})`, () => {
    let t: TestApp;
    let mod: Account;
    let plain: Account;
    let reported: Account;
    let banned: Account;
    let calls: ConsoleCall[];

    beforeAll(async () => {
      t = await buildTestApp(engine);
      mod = await moderator(t.app);
      plain = await account(t.app);
      reported = await account(t.app);
      banned = await account(t.app);
      const complaint = await report(t.app, plain.cookie, reported.id);
      const png = await sharp({
        create: { width: 40, height: 30, channels: 3, background: '#c00' },
      })
        .png()
        .toBuffer();
      const form = await t.app.inject({
        method: 'POST',
        url: COMPLAINT_FORM_PATH,
        ...multipart([{ name: 's.png', data: png, type: 'image/png' }], {
          category: 'abuse',
          message: 'See the screenshot.',
          email: 'visitor@example.org',
          member: String(reported.id),
          language: 'en',
        }),
      });
      const screenshotComplaint = (form.json() as { id: number }).id;
      // The banned member's session was ended by a real ban through the console.
      await act(t.app, mod.cookie, { action: 'ban', member: banned.id, reason: 'Spam' });
      calls = [
        { name: 'queue', method: 'GET', path: MODERATION_PATH },
        {
          name: 'member file',
          method: 'GET',
          path: MODERATION_PATH,
          query: `member=${reported.id}`,
        },
        { name: 'member file, bad query', method: 'GET', path: MODERATION_PATH, query: 'member=x' },
        {
          name: 'action',
          method: 'POST',
          path: MODERATION_PATH,
          body: { action: 'dismiss', member: reported.id, complaint },
        },
        { name: 'action, bad body', method: 'POST', path: MODERATION_PATH, body: { action: 1 } },
        {
          name: 'screenshot',
          method: 'GET',
          path: '/api/moderation_screenshot.php',
          query: `complaint=${screenshotComplaint}`,
        },
      ];
    });
    afterAll(() => t.close());

    const send = (call: ConsoleCall, cookie: string | null, path = call.path) =>
      t.app.inject({
        method: call.method,
        url: call.query ? `${path}?${call.query}` : path,
        ...(call.body && { payload: call.body }),
        ...(cookie ? as(cookie) : {}),
      });
    /** The answer as it would read for another path, to compare with an unknown path's. */
    const seen = (res: LightMyRequestResponse, path: string) => ({
      status: res.statusCode,
      type: res.headers['content-type'],
      body: res.body.replaceAll(path, '<path>'),
    });

    const callers: Array<[string, () => string | null]> = [
      ['a visitor', () => null],
      ['a member', () => plain.cookie],
      ['the reported member', () => reported.cookie],
      ['a banned member', () => banned.cookie],
    ];
    it.each(callers)('answers %s like an unknown path, on every call', async (_who, cookie) => {
      for (const call of calls) {
        const res = await send(call, cookie());
        const unknownPath = '/api/no_such_call.php';
        const unknown = await send(call, cookie(), unknownPath);
        expect(res.statusCode, call.name).toBe(404);
        expect(seen(res, call.path), call.name).toEqual(seen(unknown, unknownPath));
        expect(res.json(), call.name).toEqual({
          statusCode: 404,
          error: 'Not Found',
          message: `Not found: ${call.method} ${call.path}`,
        });
      }
      // Nothing was done on their behalf.
      const handled = await t.app.db
        .selectFrom('complaints')
        .select('handled_at')
        .where('reported_member_id', '=', reported.id)
        .execute();
      expect(handled.every((c) => c.handled_at === null)).toBe(true);
    });

    it('answers a moderator on every call', async () => {
      const expected: Record<string, number> = {
        queue: 200,
        'member file': 200,
        'member file, bad query': 400,
        action: 200,
        'action, bad body': 400,
        screenshot: 200,
      };
      for (const call of calls) {
        const res = await send(call, mod.cookie);
        expect(res.statusCode, `${call.name}: ${res.body.slice(0, 200)}`).toBe(expected[call.name]);
      }
    });

    it('refuses a moderator acting on themselves, whatever the action', async () => {
      for (const body of [
        { action: 'warn', member: mod.id, reason: 'Test' },
        { action: 'ban', member: mod.id, reason: 'Test' },
        { action: 'hide_profile', member: mod.id },
      ]) {
        const res = await t.app.inject({
          method: 'POST',
          url: MODERATION_PATH,
          payload: body,
          ...as(mod.cookie),
        });
        expect(refusal(res)).toEqual({ status: 403, key: 'moderation.errors.self' });
      }
      const row = await t.app.db
        .selectFrom('members')
        .select(['status', 'search_hidden'])
        .where('id', '=', mod.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('active');
      expect(Boolean(row.search_hidden)).toBe(false);
    });

    it('closes the console at once when the role is revoked', async () => {
      const other = await moderator(t.app);
      expect((await send(calls[0]!, other.cookie)).statusCode).toBe(200);
      await runAdminCommand(t.app.db, ['revoke-moderator', other.email]);
      expect((await send(calls[0]!, other.cookie)).statusCode).toBe(404);
    });

    it('serves a screenshot as a private, never stored JPEG', async () => {
      const call = calls.find((c) => c.name === 'screenshot')!;
      const res = await send(call, mod.cookie);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
      const withoutShot = await report(t.app, plain.cookie, reported.id, 'spam');
      for (const complaint of [withoutShot, 999_999]) {
        const miss = await send({ ...call, query: `complaint=${complaint}` }, mod.cookie);
        expect(refusal(miss)).toEqual({ status: 404, key: 'moderation.errors.not_found' });
      }
    });
  });
}
