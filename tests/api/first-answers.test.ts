/**
 * The app shell's first answers (server/services/first-answers.ts): a member's /members carries the
 * user, the settings, the automatic first search and its sponsored webcams, exactly as the API
 * answers them; a visitor's, another screen's and a logged-out member's page carry nothing.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, SESSION_HINT_COOKIE } from '../../server/plugins/session';
import { autoSearchParams } from '../../src/shared/auto-search';
import type { ChatMessagesResponse } from '../../src/shared/contract/chat';
import { FIRST_ANSWERS_ID, type FirstAnswers } from '../../src/shared/first-answers';
import { camList, camsParams, camsQueryFor, snapshotUrl } from '../../src/shared/sponsored';
import { dobForAge, insertConversation, insertMember, login } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';

const INDEX =
  '<!doctype html><html><head><title>Amora</title></head><body><div id="root"></div></body></html>';

/** The JSON block of a served page, or null. */
function answersIn(html: string): FirstAnswers | null {
  const match = new RegExp(
    `<script type="application/json" id="${FIRST_ANSWERS_ID}">([^<]*)</script>`,
  ).exec(html);
  return match ? (JSON.parse(match[1]!) as FirstAnswers) : null;
}

for (const engine of ENGINES) {
  describe(`the shell's first answers (${engine})`, () => {
    let t: TestApp;
    let root: string;
    let cookie: string;
    let memberId: number;
    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'amora-first-'));
      const client = join(root, 'client');
      mkdirSync(client, { recursive: true });
      writeFileSync(join(client, 'index.html'), INDEX);
      t = await buildTestApp(engine, { clientDir: client });
      // A name that would end the data block if it were written as it is.
      memberId = await insertMember(t.app, {
        email: 'shell@example.com',
        name: 'Al</script><script>alert(1)</script>',
        gender: 'female',
        date_of_birth: dobForAge(30),
        country: 'NL',
      });
      for (let i = 0; i < 6; i++) {
        await insertMember(t.app, { gender: 'male', date_of_birth: dobForAge(31), country: 'NL' });
      }
      cookie = await login(t.app, 'shell@example.com');
    });
    afterAll(async () => {
      await t.close();
      rmSync(root, { recursive: true, force: true });
    });

    const page = (url: string, cookies: Record<string, string>) =>
      t.app.inject({ method: 'GET', url, cookies });
    const api = (url: string) =>
      t.app.inject({ method: 'GET', url, cookies: { [SESSION_COOKIE]: cookie } });
    const member = () => ({ [SESSION_COOKIE]: cookie, [SESSION_HINT_COOKIE]: '1' });

    it('writes the user, the settings and the first search into /members as the API answers them', async () => {
      const res = await page('/members', member());
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      const answers = answersIn(res.body);
      expect(answers).not.toBeNull();
      const query = autoSearchParams();
      const [user, settings, search] = await Promise.all([
        api('/api/user.php'),
        api('/api/settings.php'),
        api(`/api/search.php?${query}`),
      ]);
      expect(answers!.user).toEqual(user.json().user);
      expect(answers!.user.id).toBe(memberId);
      expect(answers!.settings).toEqual(settings.json());
      expect(answers!.search).toEqual(search.json());
      expect(answers!.search!.profiles.length).toBeGreaterThan(0);
    });

    it('never lets an answer end its data block', async () => {
      const res = await page('/members', member());
      const block = res.body.slice(res.body.indexOf(`id="${FIRST_ANSWERS_ID}">`));
      expect(block.indexOf('</script>')).toBeGreaterThan(block.indexOf('Al\\u003c/script>'));
      expect(res.body).not.toContain('<script>alert(1)');
      expect(answersIn(res.body)!.user.profile.name).toBe('Al</script><script>alert(1)</script>');
    });

    it('writes the likes with their ETag into the likes lists, as the API answers them', async () => {
      const [liked, fan] = await Promise.all([
        insertMember(t.app, { gender: 'male', date_of_birth: dobForAge(33) }),
        insertMember(t.app, { email: 'fan@example.com', gender: 'male' }),
      ]);
      await t.app.inject({
        method: 'POST',
        url: '/api/likes.php',
        payload: { profile: liked },
        cookies: { [SESSION_COOKIE]: cookie },
      });
      await t.app.inject({
        method: 'POST',
        url: '/api/likes.php',
        payload: { profile: memberId },
        cookies: { [SESSION_COOKIE]: await login(t.app, 'fan@example.com') },
      });
      const likes = await api('/api/likes.php');
      expect(likes.json().profiles.map((p: { id: number }) => p.id)).toEqual([liked]);
      expect(likes.json().liked_by.map((e: { id: number }) => e.id)).toEqual([fan]);
      for (const path of ['/likes', '/likes/given', '/likes/received', '/likes/mutual']) {
        const res = await page(path, member());
        expect(res.headers['cache-control']).toBe('private, no-cache');
        const answers = answersIn(res.body)!;
        expect(answers.user.id).toBe(memberId);
        expect(answers.likes).toEqual({ etag: likes.headers.etag, answer: likes.json() });
        expect(answers.search).toBeUndefined();
      }
    });

    it('writes the conversations with their ETag into the chat list, as the API answers them', async () => {
      const other = await insertMember(t.app, { gender: 'male', date_of_birth: dobForAge(35) });
      await insertConversation(t.app, memberId, other);
      const chats = await api('/api/chats.php');
      expect(chats.json().chats.length).toBeGreaterThan(0);
      const res = await page('/chats', member());
      expect(res.headers['cache-control']).toBe('private, no-cache');
      const answers = answersIn(res.body)!;
      expect(answers.user.id).toBe(memberId);
      expect(answers.chats).toEqual({ etag: chats.headers.etag, answer: chats.json() });
      expect(answers.likes).toBeUndefined();
    });

    it('writes a conversation and its newest page into it, without marking it read', async () => {
      const other = await insertMember(t.app, { gender: 'male', date_of_birth: dobForAge(36) });
      const id = await insertConversation(t.app, memberId, other, {
        messages: [
          { from: other, body: 'Hello there' },
          { from: other, body: 'Still around?' },
        ],
        unread: { [memberId]: 2 },
      });
      const res = await page(`/chats/${id}`, member());
      expect(res.headers['cache-control']).toBe('private, no-cache');
      const answers = answersIn(res.body)!;
      const [list, messages] = await Promise.all([
        api('/api/chats.php'),
        api(`/api/chat.php?conversation=${id}&read=0`),
      ]);
      const entry = list.json().chats.find((c: { conversation: { id: number } }) => {
        return c.conversation.id === id;
      });
      expect(entry.num_unread_messages).toBe(2);
      // Both of the page's calls deliver the waiting messages, each at its own moment, so their
      // delivery times may differ by a millisecond from what the later call reads back.
      const undelivered = (page: ChatMessagesResponse) => ({
        ...page,
        msg: page.msg.map((m) => {
          expect(m.delivered_at).not.toBeNull();
          return { ...m, delivered_at: null };
        }),
      });
      expect(answers.conversation!.chat).toEqual(entry);
      expect(undelivered(answers.conversation!.messages)).toEqual(undelivered(messages.json()));
      expect(answers.conversation!.messages.msg.map((m) => m.msg)).toEqual([
        'Hello there',
        'Still around?',
      ]);
      expect(answers.chats).toBeUndefined();
    });

    it("writes no conversation that is not on the member's list", async () => {
      const a = await insertMember(t.app, { gender: 'male' });
      const b = await insertMember(t.app, { gender: 'female' });
      const theirs = await insertConversation(t.app, a, b);
      for (const path of [`/chats/${theirs}`, '/chats/999999']) {
        const answers = answersIn((await page(path, member())).body)!;
        expect(answers.user.id).toBe(memberId);
        expect(answers.conversation).toBeUndefined();
      }
    });

    it('leaves the other member screens to the sync worker', async () => {
      for (const path of ['/members/12', '/likes/m/12', '/likes/other', '/chats/x', '/chats/0']) {
        const res = await page(path, member());
        expect(answersIn(res.body)).toBeNull();
        expect(res.headers['cache-control']).toBe('no-cache');
      }
    });

    it('writes the sponsored webcams of the first search beside it, as the API answers them', async () => {
      const answers = answersIn((await page('/members', member())).body)!;
      const query = camsQueryFor(answers.search!.filter_options);
      expect(answers.cams?.query).toEqual(query);
      const api = await t.app.inject({
        method: 'GET',
        url: `/api/xcams/search.php?${camsParams(query)}`,
        cookies: { [SESSION_COOKIE]: cookie },
      });
      expect(api.statusCode).toBe(200);
      expect(answers.cams!.answer).toEqual(api.json());
      expect(camList(answers.cams!.answer.cams).length).toBeGreaterThan(1);
    });

    it('asks for the first screen photos with the page, the webcam card among them', async () => {
      const res = await page('/members', member());
      const answers = answersIn(res.body)!;
      const prefix = answers.settings!.cdn_prefix;
      // The grid's first four cards: two results, the webcam card, the third result.
      const [first, second, third] = answers.search!.profiles;
      const cam = camList(answers.cams!.answer.cams)[1]!;
      const photos = [first, second, third].flatMap((p) =>
        p?.main_image ? [prefix + p.main_image.thumb_filename] : [],
      );
      photos.push(snapshotUrl(cam, answers.settings!.cams_snapshot_prefix)!);
      for (const photo of photos) {
        expect(res.body).toContain(`<link rel="preload" as="image" href="${photo}"`);
      }
      const fourth = answers.search!.profiles[3]?.main_image?.thumb_filename;
      if (fourth) expect(res.body).not.toContain(`href="${prefix}${fourth}"`);
    });

    it('leaves the webcams out for a member who pays', async () => {
      const payer = await insertMember(t.app, { email: 'payer@example.com', gender: 'male' });
      await t.app.db
        .updateTable('members')
        .set({ paid_user: true })
        .where('id', '=', payer)
        .execute();
      const payerCookie = await login(t.app, 'payer@example.com');
      const answers = answersIn(
        (await page('/members', { [SESSION_COOKIE]: payerCookie, [SESSION_HINT_COOKIE]: '1' }))
          .body,
      )!;
      expect(answers.user.id).toBe(payer);
      expect(answers.search).toBeDefined();
      expect(answers.cams).toBeUndefined();
    });

    it('writes nothing for a visitor, a logged-out cookie or an unknown path', async () => {
      const visitor = await page('/members', {});
      expect(answersIn(visitor.body)).toBeNull();
      expect(visitor.headers['cache-control']).toBe('no-cache');
      const ended = await page('/members', {
        [SESSION_COOKIE]: 'not-a-session',
        [SESSION_HINT_COOKIE]: '1',
      });
      expect(ended.statusCode).toBe(200);
      expect(answersIn(ended.body)).toBeNull();
      const unknown = await page('/no-such-page', member());
      expect(unknown.statusCode).toBe(404);
      expect(answersIn(unknown.body)).toBeNull();
    });

    it('does not wait for a webcam partner that does not answer', async () => {
      // A partner that never answers; the feed's own timeout is far longer than any test.
      const hung = createServer(() => undefined);
      hung.listen(0, '127.0.0.1');
      await new Promise((resolve) => hung.once('listening', resolve));
      const { port } = hung.address() as AddressInfo;
      const slow = await buildTestApp(engine, {
        clientDir: join(root, 'client'),
        xcams: {
          ...t.config.xcams,
          feedUrl: `http://127.0.0.1:${port}/feed`,
          feedTimeoutMs: 60_000,
        },
      });
      try {
        await insertMember(slow.app, { email: 'wait@example.com', gender: 'female' });
        await insertMember(slow.app, { gender: 'male', date_of_birth: dobForAge(31) });
        const waitCookie = await login(slow.app, 'wait@example.com');
        const res = await slow.app.inject({
          method: 'GET',
          url: '/members',
          cookies: { [SESSION_COOKIE]: waitCookie, [SESSION_HINT_COOKIE]: '1' },
        });
        const answers = answersIn(res.body)!;
        expect(answers.search).toBeDefined();
        expect(answers.cams).toBeUndefined();
      } finally {
        await slow.close();
        hung.closeAllConnections();
        hung.close();
      }
    });
  });
}
