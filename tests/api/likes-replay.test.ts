/**
 * DESIGN §6 on likes: a repeated client id is applied once and answered with its first result,
 * and a like then unlike ends "not liked" in any replay order, also under concurrency.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LikeResult } from '../../src/shared/contract/likes';
import { as, insertMember, login } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';

interface Action {
  like: boolean;
  client_id?: string;
  client_seq?: number;
}

/** Every order of a list (n! of them). */
function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

for (const engine of ENGINES) {
  describe(`like replays (${engine})`, () => {
    let t: TestApp;
    let me: number;
    let cookie: string;

    beforeAll(async () => {
      t = await buildTestApp(engine);
      me = await insertMember(t.app, { email: 'replayer@example.com' });
      cookie = await login(t.app, 'replayer@example.com');
    });
    afterAll(() => t.close());

    const send = (profile: number, { like, ...rest }: Action) =>
      t.app.inject({
        method: like ? 'POST' : 'DELETE',
        url: '/api/likes.php',
        payload: { profile, ...rest },
        ...as(cookie),
      });
    const ok = async (profile: number, action: Action) => {
      const res = await send(profile, action);
      expect(res.statusCode, res.body).toBe(200);
      return LikeResult.parse(res.json());
    };
    const likedNow = async (profile: number) => {
      const row = await t.app.db
        .selectFrom('likes')
        .select('liked')
        .where('member_id', '=', me)
        .where('profile_id', '=', profile)
        .executeTakeFirst();
      return Boolean(row?.liked);
    };
    const storedActions = async (clientId: string) =>
      t.app.db
        .selectFrom('client_actions')
        .select(['kind', 'result'])
        .where('member_id', '=', me)
        .where('client_id', '=', clientId)
        .execute();

    it('answers a repeated client id with the first result and applies nothing', async () => {
      const profile = await insertMember(t.app);
      const first = randomUUID();
      expect(await ok(profile, { like: true, client_id: first })).toEqual({
        liked: true,
        applied: true,
      });
      expect(await ok(profile, { like: false, client_id: randomUUID() })).toEqual({
        liked: false,
        applied: true,
      });
      // The lost-response replay of the first like: same answer, and the unlike stands.
      expect(await ok(profile, { like: true, client_id: first })).toEqual({
        liked: true,
        applied: true,
      });
      expect(await likedNow(profile)).toBe(false);
      expect(await storedActions(first)).toEqual([
        { kind: 'like', result: JSON.stringify({ liked: true, applied: true }) },
      ]);
    });

    it('refuses a client id reused for another action with 409', async () => {
      const profile = await insertMember(t.app);
      const clientId = randomUUID();
      await ok(profile, { like: true, client_id: clientId });
      const res = await send(profile, { like: false, client_id: clientId });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ key: 'likes.client_id_reused' });
      expect(await likedNow(profile)).toBe(true);
    });

    it('stores nothing for a refused action, so a corrected retry can still apply', async () => {
      const clientId = randomUUID();
      const res = await send(me, { like: true, client_id: clientId });
      expect(res.statusCode).toBe(400);
      expect(await storedActions(clientId)).toEqual([]);
    });

    it('applies only newer client sequences; an equal one is not applied', async () => {
      const profile = await insertMember(t.app);
      expect(await ok(profile, { like: true, client_seq: 5 })).toEqual({
        liked: true,
        applied: true,
      });
      expect(await ok(profile, { like: false, client_seq: 5 })).toEqual({
        liked: true,
        applied: false,
      });
      expect(await ok(profile, { like: false, client_seq: 3 })).toEqual({
        liked: true,
        applied: false,
      });
      expect(await ok(profile, { like: false, client_seq: 6 })).toEqual({
        liked: false,
        applied: true,
      });
    });

    it('always applies an action without client_seq, and keeps the last sequence', async () => {
      const profile = await insertMember(t.app);
      await ok(profile, { like: true, client_seq: 10 });
      expect(await ok(profile, { like: false })).toEqual({ liked: false, applied: true });
      expect(await ok(profile, { like: true, client_seq: 9 })).toEqual({
        liked: false,
        applied: false,
      });
      expect(await ok(profile, { like: true, client_seq: 11 })).toEqual({
        liked: true,
        applied: true,
      });
    });

    it('ends "not liked" after like then unlike, in every replay order', async () => {
      // Each action delivered twice (a lost response): the six distinct orders of that.
      const orders = new Set(
        permutations(['like', 'unlike', 'like', 'unlike']).map((order) => order.join(',')),
      );
      expect(orders.size).toBe(6);
      for (const order of orders) {
        const profile = await insertMember(t.app);
        const likeAction = { like: true, client_id: randomUUID(), client_seq: 1 };
        const unlikeAction = { like: false, client_id: randomUUID(), client_seq: 2 };
        for (const kind of order.split(',')) {
          await ok(profile, kind === 'like' ? likeAction : unlikeAction);
        }
        expect(await likedNow(profile), order).toBe(false);
      }
    });

    it('applies concurrent repeats of one client id exactly once', async () => {
      const profile = await insertMember(t.app);
      const clientId = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => send(profile, { like: true, client_id: clientId })),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
      expect(new Set(answers.map((r) => r.body))).toEqual(
        new Set([JSON.stringify({ liked: true, applied: true })]),
      );
      expect(await storedActions(clientId)).toHaveLength(1);
      expect(await likedNow(profile)).toBe(true);
    });

    it('lets the newest sequence win when actions on one profile race', async () => {
      const profile = await insertMember(t.app);
      const actions: Action[] = [
        ...Array.from({ length: 8 }, (_, i) => ({ like: true, client_seq: i + 1 })),
        { like: false, client_seq: 9 },
        ...Array.from({ length: 8 }, (_, i) => ({ like: true, client_seq: 8 - i })),
      ];
      const answers = await Promise.all(actions.map((a) => send(profile, a)));
      expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
      expect(await likedNow(profile)).toBe(false);
      const row = await t.app.db
        .selectFrom('likes')
        .select('last_client_seq')
        .where('member_id', '=', me)
        .where('profile_id', '=', profile)
        .executeTakeFirstOrThrow();
      expect(row.last_client_seq).toBe(9);
    });
  });
}
