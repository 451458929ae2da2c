/**
 * POST /api/complaint_form.php with a client id (a member's complaint queued offline and sent when
 * the connection is back): a repeat, also a concurrent one, answers the first result and stores
 * nothing more: one complaint, one mail, one screenshot.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/shared/contract/fields';
import { COMPLAINT_FORM_PATH, ComplaintFormResult } from '../../src/shared/contract/moderation';
import { DEFAULT_RATE_LIMITS } from '../../server/config';
import { as, insertMember, signup } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';
import { mailsTo } from './outbox';
import { multipart, solid } from './uploads';

const base = { category: 'abuse', message: 'Queued while offline.', language: 'nl' };

for (const engine of ENGINES) {
  describe(`complaint replay (${engine})`, () => {
    let t: TestApp;
    let png: Buffer;
    beforeAll(async () => {
      t = await buildTestApp(engine, {
        rateLimits: { ...DEFAULT_RATE_LIMITS, global: 100_000, signup: 1000, complaints: 1000 },
      });
      png = await solid(200, 120).png().toBuffer();
    });
    afterAll(() => t.close());

    const send = (fields: Record<string, string>, cookie?: string, shot = true) =>
      t.app.inject({
        method: 'POST',
        url: COMPLAINT_FORM_PATH,
        ...multipart(
          shot ? [{ name: 'shot.png', data: png, type: 'image/png' }] : [],
          fields,
          'screenshot',
        ),
        ...(cookie ? as(cookie) : {}),
      });
    const complaintsBy = (memberId: number) =>
      t.app.db.selectFrom('complaints').selectAll().where('reporter_id', '=', memberId).execute();
    // The folder appears with the first screenshot the file storage keeps.
    const shotsDir = () => join(t.config.dataDir, 'complaints');
    const shots = () => (existsSync(shotsDir()) ? readdirSync(shotsDir()).length : 0);

    it('stores a repeated client id once and answers the first reference again', async () => {
      const { cookie, user } = await signup(t.app);
      const client_id = randomUUID();
      const before = shots();
      const first = await send({ ...base, client_id }, cookie);
      expect(first.statusCode).toBe(200);
      const again = await send({ ...base, client_id, message: 'A changed text' }, cookie);
      expect(again.statusCode).toBe(200);
      expect(ComplaintFormResult.parse(again.json())).toEqual(
        ComplaintFormResult.parse(first.json()),
      );
      const rows = await complaintsBy(user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.body).toBe(base.message);
      expect(await mailsTo(t.app, user.email, 'complaint')).toHaveLength(1);
      expect(shots()).toBe(before + 1);
    });

    it('stores concurrent sends of one client id once', async () => {
      const { cookie, user } = await signup(t.app);
      const client_id = randomUUID();
      const before = shots();
      const answers = await Promise.all([1, 2, 3].map(() => send({ ...base, client_id }, cookie)));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      const references = answers.map((a) => ComplaintFormResult.parse(a.json()).reference);
      expect(new Set(references).size).toBe(1);
      expect(await complaintsBy(user.id)).toHaveLength(1);
      expect(await mailsTo(t.app, user.email, 'complaint')).toHaveLength(1);
      expect(shots()).toBe(before + 1);
    });

    it('keeps different client ids apart, and ignores a visitor’s client id', async () => {
      const { cookie, user } = await signup(t.app);
      await send({ ...base, client_id: randomUUID() }, cookie, false);
      await send({ ...base, client_id: randomUUID() }, cookie, false);
      expect(await complaintsBy(user.id)).toHaveLength(2);
      const client_id = randomUUID();
      const email = `visitor-replay-${engine}@example.org`;
      for (let i = 0; i < 2; i++) {
        expect((await send({ ...base, client_id, email }, undefined, false)).statusCode).toBe(200);
      }
      expect(await mailsTo(t.app, email, 'complaint')).toHaveLength(2);
    });

    it('refuses a client id used for a like (409) and a malformed one (400)', async () => {
      const { cookie } = await signup(t.app);
      const target = await insertMember(t.app);
      const client_id = randomUUID();
      const liked = await t.app.inject({
        method: 'POST',
        url: '/api/likes.php',
        payload: { profile: target, client_id },
        ...as(cookie),
      });
      expect(liked.statusCode).toBe(200);
      const reused = await send({ ...base, client_id }, cookie, false);
      expect(reused.statusCode).toBe(409);
      expect(ApiError.parse(reused.json()).key).toBe('complaints.errors.client_id_reused');
      const bad = await send({ ...base, client_id: 'not-a-uuid' }, cookie, false);
      expect(bad.statusCode).toBe(400);
      expect(ApiError.parse(bad.json()).key).toBe('complaints.errors.invalid');
    });
  });
}
