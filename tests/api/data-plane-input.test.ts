/**
 * Bad input on the data-plane calls (likes, chats, events, dev): always a 4xx ApiError, never a
 * 5xx; 403 when logged out or cross-origin; no reach into another member's data.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/shared/contract/fields';
import { as, insertMember, login } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';

type Method = 'GET' | 'POST' | 'DELETE';

/** [label, method, url, raw body or undefined, content type]. */
const BAD_BODIES: Array<[string, Method, string, string | undefined, string]> = [];
for (const [method, url] of [
  ['POST', '/api/likes.php'],
  ['DELETE', '/api/likes.php'],
  ['POST', '/api/likes.php?seen=1'],
] as const) {
  for (const [label, body] of [
    ['a missing profile', '{}'],
    ['a profile that is not a number', '{"profile":"abc"}'],
    ['a negative profile', '{"profile":-4}'],
    ['profile zero', '{"profile":0}'],
    ['a fractional profile', '{"profile":1.5}'],
    ['a profile beyond 32 bits', '{"profile":4294967296}'],
    ['a client_id that is not a UUID', '{"profile":1,"client_id":"abc"}'],
    ['a numeric client_id', '{"profile":1,"client_id":42}'],
    ['a negative client_seq', '{"profile":1,"client_seq":-1}'],
    ['a fractional client_seq', '{"profile":1,"client_seq":0.5}'],
    ['a string client_seq', '{"profile":1,"client_seq":"7"}'],
    ['an array body', '[{"profile":1}]'],
    ['a string body', '"profile"'],
    ['malformed JSON', '{"profile":'],
    ['an empty JSON body', ''],
  ] as const) {
    BAD_BODIES.push([`${method} ${url} with ${label}`, method, url, body, 'application/json']);
  }
  BAD_BODIES.push([`${method} ${url} as text/plain`, method, url, '{"profile":1}', 'text/plain']);
}
BAD_BODIES.push(
  ['POST likes with seen=2', 'POST', '/api/likes.php?seen=2', '{"profile":1}', 'application/json'],
  ['POST dev without an action', 'POST', '/api/dev.php', '{}', 'application/json'],
  [
    'POST dev with an unknown action',
    'POST',
    '/api/dev.php',
    '{"action":"rich"}',
    'application/json',
  ],
  ['POST dev with a numeric action', 'POST', '/api/dev.php', '{"action":1}', 'application/json'],
  ['POST dev with malformed JSON', 'POST', '/api/dev.php', '{"action"', 'application/json'],
);

/** Every new call that needs a session, with a valid body where it takes one. */
const MEMBER_CALLS: Array<[Method, string, object | undefined]> = [
  ['GET', '/api/likes.php', undefined],
  ['POST', '/api/likes.php', { profile: 1 }],
  ['DELETE', '/api/likes.php', { profile: 1 }],
  ['POST', '/api/likes.php?seen=1', { profile: 1 }],
  ['GET', '/api/chats.php', undefined],
  ['GET', '/api/events.php', undefined],
  ['POST', '/api/dev.php', { action: 'zero-credits' }],
];

for (const engine of ENGINES) {
  describe(`data-plane input (${engine})`, () => {
    let t: TestApp;
    let ann: number;
    let bob: number;
    let cat: number;
    let annCookie: string;

    beforeAll(async () => {
      t = await buildTestApp(engine);
      ann = await insertMember(t.app, { email: 'input-ann@example.com' });
      bob = await insertMember(t.app, { email: 'input-bob@example.com' });
      cat = await insertMember(t.app, { email: 'input-cat@example.com' });
      annCookie = await login(t.app, 'input-ann@example.com');
    });
    afterAll(() => t.close());

    it.each(BAD_BODIES)('answers 4xx to %s', async (_label, method, url, payload, type) => {
      const res = await t.app.inject({
        method,
        url,
        headers: { 'content-type': type },
        ...(payload === undefined ? {} : { payload }),
        ...as(annCookie),
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.statusCode).not.toBe(403);
      expect(ApiError.parse(res.json()).statusCode).toBe(res.statusCode);
    });

    it.each(MEMBER_CALLS)('%s %s is 403 when logged out', async (method, url, payload) => {
      const res = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode).toBe(403);
      expect(ApiError.parse(res.json()).key).toBe('auth.not_logged_in');
    });

    it.each(MEMBER_CALLS.filter(([method]) => method !== 'GET'))(
      '%s %s is 403 from a foreign Origin',
      async (method, url, payload) => {
        const res = await t.app.inject({
          method,
          url,
          headers: { origin: 'https://evil.example' },
          ...(payload ? { payload } : {}),
          ...as(annCookie),
        });
        expect(res.statusCode).toBe(403);
        expect(ApiError.parse(res.json()).key).toBe('security.origin_mismatch');
      },
    );

    it('cannot mark a like between two other members seen', async () => {
      await t.app.db
        .insertInto('likes')
        .values({ member_id: bob, profile_id: cat, liked: true, updated_at: Date.now() })
        .execute();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/likes.php?seen=1',
        payload: { profile: bob },
        ...as(annCookie),
      });
      expect(res.statusCode).toBe(404);
      const row = await t.app.db
        .selectFrom('likes')
        .select('is_new')
        .where('member_id', '=', bob)
        .where('profile_id', '=', cat)
        .executeTakeFirstOrThrow();
      expect(Boolean(row.is_new)).toBe(true);
    });

    it("keeps client ids per member: another member's id neither replays nor blocks", async () => {
      const clientId = randomUUID();
      const bobCookie = await login(t.app, 'input-bob@example.com');
      const first = await t.app.inject({
        method: 'DELETE',
        url: '/api/likes.php',
        payload: { profile: cat, client_id: clientId },
        ...as(bobCookie),
      });
      expect(first.json()).toEqual({ liked: false, applied: true });
      const mine = await t.app.inject({
        method: 'POST',
        url: '/api/likes.php',
        payload: { profile: cat, client_id: clientId },
        ...as(annCookie),
      });
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toEqual({ liked: true, applied: true });
      const likes = await t.app.db
        .selectFrom('likes')
        .select(['member_id', 'liked'])
        .where('profile_id', '=', cat)
        .orderBy('member_id')
        .execute();
      expect(likes.map((l) => [l.member_id, Boolean(l.liked)])).toEqual([
        [ann, true],
        [bob, false],
      ]);
    });
  });
}
