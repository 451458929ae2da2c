/**
 * Member landers: member_lander.php, the opt-out (privacy.php), the conversation a sign-up from a
 * member's page opens, and the tracking query arriving in the account's trafficsource.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserResponse } from '../../src/shared/contract/account';
import { ChatsResponse } from '../../src/shared/contract/chat';
import { LanderResponse, MemberLanderResponse } from '../../src/shared/contract/landers';
import { trafficSourceOf } from '../../src/shared/tracking-query';
import { as, block, dobForAge, login, signup, signupBody } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';
import { insertLanderMember, insertPeople } from './lander-fixtures';

const PEOPLE = {
  ANN: { gender: 'female', date_of_birth: dobForAge(31), photo: 'approved', country: 'NL' },
  PEN: { gender: 'female', date_of_birth: dobForAge(32), photo: 'pending' },
  DEL: { gender: 'female', deleted: true, status: 'deleted' },
  BAN: { gender: 'female', status: 'banned' },
  HID: { gender: 'female', search_hidden: true },
  OPT: { gender: 'female', lander_opt_out: true },
  FIC: { gender: 'female', fictional: true },
  BLK: { gender: 'female' },
  BLKME: { gender: 'female' },
} as const;

for (const engine of ENGINES) {
  describe(`member_lander.php and privacy.php (${engine})`, () => {
    let t: TestApp;
    let ids: Record<string, number>;
    let viewer: string;
    let optingMember: string;

    beforeAll(async () => {
      t = await buildTestApp(engine);
      ids = await insertPeople(t.app, PEOPLE);
      ids.VIEWER = await insertLanderMember(t.app, { email: 'ml-viewer@example.com' });
      ids.SELF = await insertLanderMember(t.app, {
        email: 'ml-self@example.com',
        gender: 'female',
        date_of_birth: dobForAge(29),
        photo: 'approved',
        city: 'Utrecht',
      });
      await block(t.app, ids.VIEWER ?? 0, ids.BLK ?? 0);
      await block(t.app, ids.BLKME ?? 0, ids.VIEWER ?? 0);
      viewer = await login(t.app, 'ml-viewer@example.com');
      optingMember = await login(t.app, 'ml-self@example.com');
    });
    afterAll(() => t.close());

    const card = async (member: number | string, session?: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/member_lander.php?member=${member}`,
        ...(session ? as(session) : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      return MemberLanderResponse.parse(res.json()).profile;
    };

    it("shows the member's card: photo, name, age, city, and nothing private", async () => {
      const profile = await card(ids.ANN ?? 0);
      expect(profile).toEqual({
        id: ids.ANN,
        name: 'Person ANN',
        age: 31,
        city: 'City ANN',
        country: 'NL',
        language: 'en',
        main_image: { thumb_filename: `p${ids.ANN}_thumb.jpg` },
      });
    });

    it('shows a photo waiting for review as no photo', async () => {
      expect((await card(ids.PEN ?? 0))?.main_image).toBeNull();
    });

    it.each(['DEL', 'BAN', 'HID', 'OPT', 'FIC'])(
      'answers profile null, never a 404, for %s',
      async (label) => {
        expect(await card(ids[label] ?? 0)).toBeNull();
        expect(await card(ids[label] ?? 0, viewer)).toBeNull();
      },
    );

    it('answers profile null for an unknown member', async () => {
      expect(await card(2 ** 31 - 1)).toBeNull();
    });

    it('hides members blocked either way from the logged-in viewer only', async () => {
      expect(await card(ids.BLK ?? 0, viewer)).toBeNull();
      expect(await card(ids.BLKME ?? 0, viewer)).toBeNull();
      expect((await card(ids.BLK ?? 0))?.id).toBe(ids.BLK);
      expect((await card(ids.BLKME ?? 0))?.id).toBe(ids.BLKME);
    });

    it.each(['abc', '0', '-3', '1.5', String(2 ** 31)])('answers 400 for member=%s', async (id) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/member_lander.php?member=${id}` });
      expect(res.statusCode).toBe(400);
    });

    it('takes a member off every invitation page at once, and back', async () => {
      const self = ids.SELF ?? 0;
      const onLander = async () =>
        LanderResponse.parse(
          (await t.app.inject({ method: 'GET', url: '/api/lander.php?slug=she-nl' })).json(),
        ).profiles.some((p) => p.id === self);
      const put = (lander_opt_out: unknown, session?: string) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/privacy.php',
          payload: { lander_opt_out },
          ...(session ? as(session) : {}),
        });
      const me = async () =>
        UserResponse.parse(
          (await t.app.inject({ method: 'GET', url: '/api/user.php', ...as(optingMember) })).json(),
        ).user;

      expect((await me()).lander_opt_out).toBe(false);
      expect(await onLander()).toBe(true);
      expect(await card(self)).not.toBeNull();

      const off = await put(true, optingMember);
      expect(off.statusCode, off.body).toBe(200);
      expect(UserResponse.parse(off.json()).user.lander_opt_out).toBe(true);
      expect((await me()).lander_opt_out).toBe(true);
      expect(await onLander()).toBe(false);
      expect(await card(self)).toBeNull();
      // Search is not an invitation page: the member is still found there.
      const search = await t.app.inject({
        method: 'GET',
        url: '/api/search.php?manual_search=1&gender=female',
      });
      expect(JSON.stringify(search.json())).toContain(`"id":${self},`);

      const on = await put(false, optingMember);
      expect(UserResponse.parse(on.json()).user.lander_opt_out).toBe(false);
      expect(await onLander()).toBe(true);
      expect((await card(self))?.id).toBe(self);
    });

    it('refuses a visitor (403) and a malformed body (400)', async () => {
      const visitor = await t.app.inject({
        method: 'PUT',
        url: '/api/privacy.php',
        payload: { lander_opt_out: true },
      });
      expect(visitor.statusCode).toBe(403);
      for (const bad of ['yes', 1, null, undefined]) {
        const res = await t.app.inject({
          method: 'PUT',
          url: '/api/privacy.php',
          payload: { lander_opt_out: bad },
          ...as(optingMember),
        });
        expect(res.statusCode).toBe(400);
      }
    });
  });

  describe(`member landers with logged-out search off (${engine})`, () => {
    let t: TestApp;
    let ann: number;
    let cookie: string;

    beforeAll(async () => {
      t = await buildTestApp(engine, {
        site: { logged_out_search: false, logged_out_search_trafficsource: true },
      });
      ann = await insertLanderMember(t.app, { gender: 'female', photo: 'approved' });
      await insertLanderMember(t.app, { email: 'ml-member@example.com' });
      cookie = await login(t.app, 'ml-member@example.com');
    });
    afterAll(() => t.close());

    const card = async (query: string, session?: string) =>
      MemberLanderResponse.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/member_lander.php?${query}`,
            ...(session ? as(session) : {}),
          })
        ).json(),
      ).profile;

    it('shows no member to visitors, unless their traffic source names a network', async () => {
      expect(await card(`member=${ann}`)).toBeNull();
      expect(await card(`member=${ann}&trafficsource=%3Fsub1%3Dx`)).toBeNull();
      expect((await card(`member=${ann}&trafficsource=abc`))?.id).toBe(ann);
      expect((await card(`member=${ann}`, cookie))?.id).toBe(ann);
    });
  });

  describe(`sign-up from a member lander (${engine})`, () => {
    let t: TestApp;
    let ann: number;
    let gone: number;

    beforeAll(async () => {
      t = await buildTestApp(engine, { site: { signups: 'with_trafficsource' } });
      ann = await insertLanderMember(t.app, { name: 'Ann', gender: 'female', photo: 'approved' });
      gone = await insertLanderMember(t.app, { status: 'deleted', deleted: true });
    });
    afterAll(() => t.close());

    const chats = async (cookie: string) =>
      ChatsResponse.parse(
        (await t.app.inject({ method: 'GET', url: '/api/chats.php', ...as(cookie) })).json(),
      ).chats;

    it('opens the conversation with that member, the one /members/{id}/chat then finds', async () => {
      const { cookie, user } = await signup(t.app, {
        profile: ann,
        trafficsource: trafficSourceOf(new URLSearchParams('network=abc')),
      });
      const list = await chats(cookie);
      expect(list.map((c) => c.profile.id)).toEqual([ann]);
      const started = await t.app.inject({
        method: 'GET',
        url: `/api/chat.php?profile=${ann}`,
        ...as(cookie),
      });
      expect(started.json()).toEqual({ id: list[0]?.conversation.id });
      // Ann sees nothing until a message arrives.
      const rows = await t.app.db
        .selectFrom('conversation_members')
        .select(['member_id', 'deleted_at'])
        .where('conversation_id', '=', list[0]?.conversation.id ?? 0)
        .execute();
      expect(rows.find((r) => r.member_id === ann)?.deleted_at).not.toBeNull();
      expect(rows.find((r) => r.member_id === user.id)?.deleted_at).toBeNull();
    });

    it('still signs up when that member is gone or unknown, without a conversation', async () => {
      for (const profile of [gone, 2 ** 31 - 1]) {
        const { cookie } = await signup(t.app, { profile, trafficsource: 'abc' });
        expect(await chats(cookie)).toEqual([]);
      }
    });

    it('records the tracking query of the lander, aliases resolved, as the trafficsource', async () => {
      const address = new URLSearchParams('network=abc&sub=x&aff_sub2=y&aff_sub3=z&ref=r9');
      const { user } = await signup(t.app, { trafficsource: trafficSourceOf(address) });
      const row = await t.app.db
        .selectFrom('members')
        .select('trafficsource')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.trafficsource).toBe('abc?ref=r9&sub1=x&sub2=y&sub3=z');
    });

    it('refuses a with_trafficsource sign-up whose source names no network', async () => {
      expect(trafficSourceOf(new URLSearchParams('sub1=x&ref=r'))).toBeNull();
      for (const trafficsource of [null, '', '?sub1=x', '%20?ref=r']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/user.php?new=1',
          payload: signupBody({ trafficsource }),
        });
        expect(res.statusCode, String(trafficsource)).toBe(403);
        expect(res.json()).toMatchObject({ key: 'signup.invite_only' });
      }
    });
  });
}
