/** /api/notification_settings.php: e-mail notification switches, kept per member. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationSettings } from '../../src/shared/contract/account';
import { as, insertMember, login } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';

const URL = '/api/notification_settings.php';

for (const engine of ENGINES) {
  describe(`notification settings (${engine})`, () => {
    let t: TestApp;
    const cookies: Record<string, string> = {};

    beforeAll(async () => {
      t = await buildTestApp(engine);
      for (const label of ['ann', 'bob']) {
        await insertMember(t.app, { email: `${label}@example.com` });
        cookies[label] = await login(t.app, `${label}@example.com`);
      }
    });
    afterAll(() => t.close());

    const read = async (who: string) => {
      const res = await t.app.inject({ method: 'GET', url: URL, ...as(cookies[who] ?? '') });
      expect(res.statusCode, res.body).toBe(200);
      return NotificationSettings.parse(res.json());
    };
    const write = (who: string, payload: object) =>
      t.app.inject({ method: 'POST', url: URL, payload, ...as(cookies[who] ?? '') });

    it('is 403 when logged out', async () => {
      expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(403);
      const res = await t.app.inject({ method: 'POST', url: URL, payload: { email_likes: false } });
      expect(res.statusCode).toBe(403);
    });

    it('has every switch on until the member changes one', async () => {
      expect(await read('ann')).toEqual({ email_messages: true, email_likes: true });
    });

    it('saves a change, keeps the other switch and leaves other members alone', async () => {
      const res = await write('ann', { email_likes: false });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ email_messages: true, email_likes: false });
      expect((await write('ann', { email_messages: false })).json()).toEqual({
        email_messages: false,
        email_likes: false,
      });
      expect((await write('ann', { email_likes: true })).statusCode).toBe(200);
      expect(await read('ann')).toEqual({ email_messages: false, email_likes: true });
      expect(await read('bob')).toEqual({ email_messages: true, email_likes: true });
    });

    it('refuses unknown switches and non-boolean values with 400', async () => {
      for (const payload of [{ email_sms: true }, { email_likes: 'no' }, { email_likes: null }]) {
        const res = await write('bob', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect(await read('bob')).toEqual({ email_messages: true, email_likes: true });
    });
  });
}
