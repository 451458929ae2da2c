/**
 * A banned member vanishes for everyone else (search, likes both ways, chat list, their chat and
 * profile, pushes) and comes back, with likes and conversations intact, when the ban is lifted.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatMessagesResponse, ChatsResponse } from '../../src/shared/contract/chat';
import { LikesResponse } from '../../src/shared/contract/likes';
import { SearchResponse } from '../../src/shared/contract/members';
import { ban, unban } from './bans-fixtures';
import { as, dobForAge, insertConversation, insertMember, login } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';
import { startPushService, subscriptionBody, type PushService } from './push-service';

for (const engine of ENGINES) {
  describe(`banned members vanish for others (${engine})`, () => {
    let t: TestApp;
    let service: PushService;
    let me: number;
    let mine: string;
    let bad: number;
    let badCookie: string;
    let conversation: number;

    beforeAll(async () => {
      service = await startPushService();
      t = await buildTestApp(engine);
      me = await insertMember(t.app, {
        email: 'viewer@example.com',
        gender: 'male',
        date_of_birth: dobForAge(30),
        country: 'NL',
      });
      bad = await insertMember(t.app, {
        email: 'bad@example.com',
        name: 'Bad Actor',
        gender: 'female',
        date_of_birth: dobForAge(29),
        country: 'NL',
      });
      mine = await login(t.app, 'viewer@example.com');
      badCookie = await login(t.app, 'bad@example.com');
      for (const [cookie, profile] of [
        [mine, bad],
        [badCookie, me],
      ] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/likes.php',
          payload: { profile },
          ...as(cookie),
        });
        expect(res.statusCode).toBe(200);
      }
      conversation = await insertConversation(t.app, me, bad, {
        messages: [
          { from: me, body: 'Hi there' },
          { from: bad, body: 'Send me money' },
        ],
      });
      for (const [cookie, id] of [
        [mine, 'viewer'],
        [badCookie, 'bad'],
      ] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/user.php?push=1',
          payload: subscriptionBody(service.subscription(id)),
          ...as(cookie),
        });
        expect(res.statusCode).toBe(200);
      }
    });
    afterAll(async () => {
      await t.close();
      await service.close();
    });

    const get = (url: string) => t.app.inject({ method: 'GET', url, ...as(mine) });
    /** What the viewer sees of the other member, call by call. */
    async function seen() {
      const search = SearchResponse.parse(
        (await get('/api/search.php?manual_search=1&country=NL&gender=female')).json(),
      );
      const likes = LikesResponse.parse((await get('/api/likes.php')).json());
      const chats = ChatsResponse.parse((await get('/api/chats.php')).json());
      const messages = await get(`/api/chat.php?conversation=${conversation}`);
      const profile = await get(`/api/profile.php?id=${bad}`);
      return {
        search: search.profiles.map((p) => p.id),
        liked: likes.profiles.map((p) => p.id),
        likedBy: (likes.liked_by_profiles ?? []).map((p) => p.id),
        chats: chats.chats.map((c) => c.profile.id),
        messages:
          messages.statusCode === 200
            ? ChatMessagesResponse.parse(messages.json()).msg.map((m) => m.msg)
            : messages.statusCode,
        profile: profile.statusCode,
      };
    }
    /** Pushes caused by `act`, by subscription id. */
    const pushesDuring = async (act: () => Promise<unknown>) => {
      const before = service.received.length;
      await act();
      await t.app.push.idle();
      return service.received.slice(before).map((p) => p.id);
    };
    const likeFromBad = () => t.app.realtime.publish(me, { type: 'like', by: bad, profile: me });
    const messageFromBad = () => t.app.realtime.publish(me, { type: 'message', conversation });
    const likeOfBad = () => t.app.realtime.publish(bad, { type: 'like', by: me, profile: bad });

    it('shows the member everywhere before the ban, and pushes between the two', async () => {
      expect(await seen()).toEqual({
        search: [bad],
        liked: [bad],
        likedBy: [bad],
        chats: [bad],
        messages: ['Hi there', 'Send me money'],
        profile: 200,
      });
      expect(await pushesDuring(likeFromBad)).toEqual(['viewer']);
      expect(await pushesDuring(messageFromBad)).toEqual(['viewer']);
      expect(await pushesDuring(likeOfBad)).toEqual(['bad']);
    });

    it('hides the banned member from search, likes, chats, their chat and profile', async () => {
      await ban(t.app, bad);
      expect(await seen()).toEqual({
        search: [],
        liked: [],
        likedBy: [],
        chats: [],
        messages: 410,
        profile: 404,
      });
      const send = await t.app.inject({
        method: 'POST',
        url: '/api/chat.php',
        payload: { conversation, message: 'Are you there?', client_id: randomUUID() },
        ...as(mine),
      });
      expect(send.statusCode).toBe(410);
      expect(send.json()).toMatchObject({ key: 'chat.profile_gone' });
      const like = await t.app.inject({
        method: 'POST',
        url: '/api/likes.php',
        payload: { profile: bad },
        ...as(mine),
      });
      expect(like.statusCode).toBe(410);
    });

    it('sends no push caused by the banned member, and none to their devices', async () => {
      expect(await pushesDuring(likeFromBad)).toEqual([]);
      expect(await pushesDuring(messageFromBad)).toEqual([]);
      expect(await pushesDuring(likeOfBad)).toEqual([]);
      expect(
        await t.app.push.notifyMember(bad, {
          type: 'like',
          title: 'New like',
          body: 'someone likes you',
          url: '/likes',
          tag: 'like-1',
        }),
      ).toBe(0);
    });

    it('brings everything back with the unban: likes both ways, the conversation, pushes', async () => {
      await unban(t.app, bad);
      expect(await seen()).toEqual({
        search: [bad],
        liked: [bad],
        likedBy: [bad],
        chats: [bad],
        messages: ['Hi there', 'Send me money'],
        profile: 200,
      });
      expect(await pushesDuring(likeFromBad)).toEqual(['viewer']);
      expect(await pushesDuring(likeOfBad)).toEqual(['bad']);
    });
  });
}
