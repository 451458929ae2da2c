/**
 * Photo review (site config `photo_review`): off, a new photo is seen at once; on, it waits as
 * `pending`, its owner sees it marked, and others see no trace of it on cards, profiles, chats or
 * likes until a moderator approves it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserResponse } from '../../src/shared/contract/account';
import { ChatsResponse } from '../../src/shared/contract/chat';
import { LikesResponse } from '../../src/shared/contract/likes';
import { ProfileDetails, SearchResponse } from '../../src/shared/contract/members';
import { as, dobForAge, insertConversation } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';
import { account, act, moderator, queue, type Account } from './moderation-calls';
import { multipart, solid } from './uploads';

/** What others see of `owner`'s photos from `viewer`'s session. */
async function seenBy(t: TestApp, viewer: Account, owner: Account) {
  const get = async (url: string) => {
    const res = await t.app.inject({ url, ...as(viewer.cookie) });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as unknown;
  };
  const profile = ProfileDetails.parse(await get(`/api/profile.php?id=${owner.id}`));
  const search = SearchResponse.parse(
    await get('/api/search.php?manual_search=1&country=PL&gender=female&pp=100'),
  );
  const chats = ChatsResponse.parse(await get('/api/chats.php'));
  const likes = LikesResponse.parse(await get('/api/likes.php'));
  return {
    profile: profile.images.map((i) => i.id),
    profileMain: profile.main_image?.id ?? null,
    card: search.profiles.find((p) => p.id === owner.id)?.main_image ?? null,
    chat: chats.chats.find((c) => c.profile.id === owner.id)?.profile.main_image ?? null,
    liked: likes.profiles.find((p) => p.id === owner.id)?.main_image ?? null,
  };
}

for (const engine of ENGINES) {
  for (const review of [false, true]) {
    describe(`photo review ${review ? 'on' : 'off'} (${engine})`, () => {
      let t: TestApp;
      let owner: Account;
      let viewer: Account;

      beforeAll(async () => {
        t = await buildTestApp(engine, { site: { photo_review: review } });
        owner = await account(t.app, {
          gender: 'female',
          date_of_birth: dobForAge(29),
          country: 'PL',
        });
        viewer = await account(t.app, { gender: 'male', country: 'PL' });
        await insertConversation(t.app, owner.id, viewer.id, {
          messages: [{ from: owner.id, body: 'Hi' }],
        });
        await t.app.db
          .insertInto('likes')
          .values({ member_id: viewer.id, profile_id: owner.id, liked: true, updated_at: 1 })
          .execute();
      });
      afterAll(() => t.close());

      const upload = async () => {
        const png = await solid(400, 300).png().toBuffer();
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/profileimage.php',
          ...multipart([{ name: 'me.png', data: png, type: 'image/png' }]),
          ...as(owner.cookie),
        });
        expect(res.statusCode, res.body).toBe(200);
        return UserResponse.parse(res.json()).user.profile;
      };

      it(
        review
          ? 'keeps a new photo pending: marked for its owner, invisible to others until approved'
          : 'shows a new photo to others at once',
        async () => {
          const own = await upload();
          const photo = own.images[0]!;
          const thumb = { thumb_filename: photo.thumb_filename };
          if (!review) {
            expect(photo.review).toBeUndefined();
            expect(await seenBy(t, viewer, owner)).toEqual({
              profile: [photo.id],
              profileMain: photo.id,
              card: thumb,
              chat: thumb,
              liked: thumb,
            });
            return;
          }
          expect(photo.review).toBe('pending');
          expect(own.main_image).toMatchObject({ id: photo.id, review: 'pending' });
          expect(await seenBy(t, viewer, owner)).toEqual({
            profile: [],
            profileMain: null,
            card: null,
            chat: null,
            liked: null,
          });
          const ownProfile = await t.app.inject({
            url: `/api/profile.php?id=${owner.id}`,
            ...as(owner.cookie),
          });
          expect(ProfileDetails.parse(ownProfile.json()).images[0]?.review).toBe('pending');

          const mod = await moderator(t.app);
          const waiting = (await queue(t.app, mod.cookie)).pending_photos;
          expect(waiting.map((w) => [w.member.id, w.photo.id])).toEqual([[owner.id, photo.id]]);
          await act(t.app, mod.cookie, {
            action: 'approve_photo',
            member: owner.id,
            image: photo.id,
          });
          expect(await seenBy(t, viewer, owner)).toEqual({
            profile: [photo.id],
            profileMain: photo.id,
            card: thumb,
            chat: thumb,
            liked: thumb,
          });
          const user = await t.app.inject({ url: '/api/user.php', ...as(owner.cookie) });
          expect(UserResponse.parse(user.json()).user.profile.images[0]?.review).toBeUndefined();
        },
      );
    });
  }
}
