/**
 * Ban and unban through the console (the status, the bans row, every session ended, the live event
 * after the commit, everything restored by an unban), and hiding a profile from search while its
 * existing conversations keep working.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/shared/contract/fields';
import { type LiveEvent } from '../../src/shared/contract/live-events';
import { SearchResponse } from '../../src/shared/contract/members';
import { as, dobForAge, insertConversation, login } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';
import {
  account,
  act,
  auditRows,
  memberFile,
  moderator,
  postAction,
  refusal,
  report,
  type Account,
} from './moderation-calls';

const finnish = { gender: 'female', date_of_birth: dobForAge(30), country: 'FI' } as const;

for (const engine of ENGINES) {
  describe(`moderation bans and search hiding (${engine})`, () => {
    let t: TestApp;
    let mod: Account;
    let searcher: Account;

    beforeAll(async () => {
      t = await buildTestApp(engine);
      mod = await moderator(t.app);
      searcher = await account(t.app, { gender: 'male', date_of_birth: dobForAge(31) });
    });
    afterAll(() => t.close());

    const userCall = (cookie: string) =>
      t.app.inject({ url: '/api/user.php', ...as(cookie) }).then((res) => ({
        status: res.statusCode,
        key: ApiError.safeParse(res.json()).data?.key,
      }));
    const finnishSearch = async () => {
      const res = await t.app.inject({
        url: '/api/search.php?manual_search=1&country=FI&gender=female&pp=100',
        ...as(searcher.cookie),
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = SearchResponse.parse(res.json());
      return { ids: body.profiles.map((p) => p.id), total: body.paging.num_results };
    };
    const sessions = (memberId: number) =>
      t.app.db
        .selectFrom('sessions')
        .select('ended_reason')
        .where('member_id', '=', memberId)
        .execute();

    it('bans: status, bans row, every session ended, the event, and an unban restores all', async () => {
      const target = await account(t.app, { ...finnish, status: 'not_confirmed' });
      const secondDevice = await login(t.app, target.email);
      const partner = await account(t.app);
      const conversation = await insertConversation(t.app, target.id, partner.id, {
        messages: [{ from: target.id, body: 'Send me money' }],
      });
      const complaint = await report(t.app, partner.cookie, target.id, 'spam');
      const events: Array<[number, LiveEvent]> = [];
      const stops = await Promise.all(
        [target.id, partner.id].map((id) =>
          t.app.realtime.subscribe(id, (event) => events.push([id, event])),
        ),
      );
      expect((await finnishSearch()).ids).toContain(target.id);
      const before = (await finnishSearch()).total;

      const noReason = await postAction(t.app, mod.cookie, { action: 'ban', member: target.id });
      expect(refusal(noReason)).toEqual({ status: 400, key: 'moderation.errors.reason' });
      const reason = 'Asking members for money';
      const banned = await act(t.app, mod.cookie, {
        action: 'ban',
        member: target.id,
        complaint,
        reason,
      });
      expect(banned.member?.status).toBe('banned');
      expect(banned.member?.ban).toEqual({ reason, since: expect.any(String) as string });
      const since = banned.member?.ban?.since;
      expect(banned.entry).toMatchObject({ action: 'ban', reason, complaint_id: complaint });

      const ban = await t.app.db
        .selectFrom('bans')
        .selectAll()
        .where('member_id', '=', target.id)
        .executeTakeFirstOrThrow();
      expect(ban).toMatchObject({
        moderator_id: mod.id,
        reason,
        previous_status: 'not_confirmed',
        lifted_at: null,
      });
      expect(new Date(ban.created_at).toISOString()).toBe(since);
      expect(await sessions(target.id)).toEqual([
        { ended_reason: 'banned' },
        { ended_reason: 'banned' },
      ]);
      expect(events).toContainEqual([target.id, { type: 'banned', reason, since }]);
      expect(events).toContainEqual([partner.id, { type: 'chat', conversation }]);
      for (const cookie of [target.cookie, secondDevice]) {
        expect(await userCall(cookie)).toEqual({ status: 403, key: 'banned' });
      }
      expect((await finnishSearch()).ids).not.toContain(target.id);
      expect((await finnishSearch()).total).toBe(before - 1);
      const chats = await t.app.inject({ url: '/api/chats.php', ...as(partner.cookie) });
      expect(JSON.stringify(chats.json())).not.toContain(`"id":${conversation},`);

      const again = await postAction(t.app, mod.cookie, {
        action: 'ban',
        member: target.id,
        reason: 'Twice',
      });
      expect(refusal(again)).toEqual({ status: 409, key: 'moderation.errors.conflict' });

      const lifted = await act(t.app, mod.cookie, {
        action: 'unban',
        member: target.id,
        reason: 'Explained on the phone',
      });
      expect(lifted.member).toMatchObject({ status: 'not_confirmed', ban: null });
      expect(
        await t.app.db
          .selectFrom('bans')
          .select(['lifted_by'])
          .where('member_id', '=', target.id)
          .executeTakeFirstOrThrow(),
      ).toEqual({ lifted_by: mod.id });
      // Sessions stay ended: the member logs in again.
      expect(await sessions(target.id)).toEqual([
        { ended_reason: 'banned' },
        { ended_reason: 'banned' },
      ]);
      expect(await userCall(target.cookie)).toEqual({ status: 403, key: 'auth.not_logged_in' });
      expect((await userCall(await login(t.app, target.email))).status).toBe(200);
      expect((await finnishSearch()).ids).toContain(target.id);
      expect((await finnishSearch()).total).toBe(before);
      expect(
        JSON.stringify(
          (await t.app.inject({ url: '/api/chats.php', ...as(partner.cookie) })).json(),
        ),
      ).toContain(`"id":${conversation},`);

      const notBanned = await postAction(t.app, mod.cookie, { action: 'unban', member: target.id });
      expect(refusal(notBanned)).toEqual({ status: 409, key: 'moderation.errors.conflict' });
      expect((await auditRows(t.app, target.id)).map((r) => r.action)).toEqual(['ban', 'unban']);
      const file = await memberFile(t.app, mod.cookie, target.id);
      expect(file.audit.map((a) => a.action)).toEqual(['unban', 'ban']);
      stops.forEach((stop) => stop());
    });

    it('hides a profile from search and its counts, while an existing chat keeps working', async () => {
      const target = await account(t.app, finnish);
      await t.app.db
        .updateTable('members')
        .set({ credits: 100 })
        .where('id', '=', target.id)
        .execute();
      const partner = await account(t.app);
      await t.app.db
        .updateTable('members')
        .set({ credits: 100 })
        .where('id', '=', partner.id)
        .execute();
      const conversation = await insertConversation(t.app, target.id, partner.id, {
        messages: [{ from: partner.id, body: 'Hello there' }],
      });
      // A total counted before these members existed may be cached for a minute.
      t.app.searchTotals.clear();
      const before = await finnishSearch();
      expect(before.ids).toContain(target.id);

      const hidden = await act(t.app, mod.cookie, {
        action: 'hide_profile',
        member: target.id,
        reason: 'Suspected fake profile',
      });
      expect(hidden.member?.search_hidden).toBe(true);
      const after = await finnishSearch();
      expect(after.ids).not.toContain(target.id);
      expect(after.total).toBe(before.total - 1);
      const loggedOut = await t.app.inject({
        url: '/api/search.php?manual_search=1&country=FI&gender=female&pp=100',
      });
      expect(SearchResponse.parse(loggedOut.json()).profiles.map((p) => p.id)).not.toContain(
        target.id,
      );

      const chats = await t.app.inject({ url: '/api/chats.php', ...as(partner.cookie) });
      expect(JSON.stringify(chats.json())).toContain(`"id":${conversation},`);
      for (const [from, to] of [
        [partner, target],
        [target, partner],
      ] as const) {
        const sent = await t.app.inject({
          method: 'POST',
          url: '/api/chat.php',
          payload: { conversation, message: `Hi ${to.id}`, client_id: randomUUID() },
          ...as(from.cookie),
        });
        expect(sent.statusCode, sent.body).toBe(200);
      }
      const profile = await t.app.inject({
        url: `/api/profile.php?id=${target.id}`,
        ...as(partner.cookie),
      });
      expect(profile.statusCode).toBe(200);

      const shown = await act(t.app, mod.cookie, { action: 'show_profile', member: target.id });
      expect(shown.member?.search_hidden).toBe(false);
      expect((await finnishSearch()).ids).toContain(target.id);
      expect((await auditRows(t.app, target.id)).map((r) => r.action)).toEqual([
        'hide_profile',
        'show_profile',
      ]);
    });
  });
}
