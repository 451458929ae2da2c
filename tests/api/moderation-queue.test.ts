/**
 * GET /api/moderation.php: the open queue (member reports, form complaints, photos waiting for
 * review), oldest first; and one member's file with the chat around each report.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, insertConversation } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';
import {
  account,
  act,
  getMember,
  memberFile,
  moderator,
  postAction,
  queue,
  refusal,
  report,
  type Account,
} from './moderation-calls';

for (const engine of ENGINES) {
  describe(`moderation queue and member file (${engine})`, () => {
    let t: TestApp;
    let mod: Account;

    beforeAll(async () => {
      t = await buildTestApp(engine);
      mod = await moderator(t.app);
    });
    afterAll(() => t.close());

    const formComplaint = async (fields: Record<string, string>, cookie?: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/complaint_form.php',
        payload: { category: 'abuse', message: 'Please look at this.', language: 'en', ...fields },
        ...(cookie ? as(cookie) : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { id: number; reference: string };
    };

    it('lists open reports and complaints oldest first, then photos waiting for review', async () => {
      const reporter = await account(t.app, { name: 'Rita' });
      const target = await account(t.app, { name: 'Tom' });
      const chatReport = await report(t.app, reporter.cookie, target.id, 'harassment', 'Rude');
      const visitor = await formComplaint({
        member: `/members/${target.id}`,
        email: 'someone@example.org',
        category: 'photo_consent',
      });
      const fromMember = await formComplaint({ category: 'payment' }, reporter.cookie);
      const { id: photo } = await t.app.db
        .insertInto('images')
        .values({
          member_id: target.id,
          filename: 'pending.jpg',
          thumb_filename: 'pending-thumb.jpg',
          width: 10,
          height: 10,
          created_at: Date.now(),
          review: 'pending',
        })
        .returning('id')
        .executeTakeFirstOrThrow();

      const open = await queue(t.app, mod.cookie);
      expect(open.reports.map((r) => r.id)).toEqual([chatReport, visitor.id, fromMember.id]);
      const [first, second, third] = open.reports;
      expect(first).toMatchObject({
        kind: 'report',
        reference: null,
        reason: 'harassment',
        message: 'Rude',
        reporter: { id: reporter.id, name: 'Rita' },
        member: { id: target.id, name: 'Tom' },
        contact_email: null,
        has_screenshot: false,
        handled: false,
      });
      expect(first?.messages).toBeUndefined();
      expect(second).toMatchObject({
        kind: 'complaint',
        reference: visitor.reference,
        reason: 'photo_consent',
        reporter: null,
        contact_email: 'someone@example.org',
      });
      // A member's own address stays out of the console.
      expect(third).toMatchObject({ kind: 'complaint', contact_email: null, member: null });
      expect(open.pending_photos).toEqual([
        {
          member: { id: target.id, name: 'Tom' },
          photo: {
            id: photo,
            thumb_filename: 'pending-thumb.jpg',
            filename: 'pending.jpg',
            review: 'pending',
          },
        },
      ]);

      await act(t.app, mod.cookie, { action: 'approve_photo', member: target.id, image: photo });
      await act(t.app, mod.cookie, { action: 'dismiss', member: target.id, complaint: chatReport });
      const after = await queue(t.app, mod.cookie);
      expect(after.reports.map((r) => r.id)).toEqual([visitor.id, fromMember.id]);
      expect(after.pending_photos).toEqual([]);
    });

    it('dismisses a visitor complaint that names no member, once, with an audit row naming nobody', async () => {
      const question = await formComplaint({ category: 'payment', email: 'payer@example.org' });
      const other = await account(t.app, { name: 'Named' });
      const aboutOther = await formComplaint({ member: String(other.id), email: 'x@example.org' });

      const done = await act(t.app, mod.cookie, {
        action: 'dismiss',
        complaint: question.id,
        reason: 'Answered by mail',
      });
      expect(done.member).toBeNull();
      expect(done.entry).toMatchObject({
        action: 'dismiss',
        member_id: null,
        complaint_id: question.id,
        reason: 'Answered by mail',
        moderator: { id: mod.id },
      });
      expect((await queue(t.app, mod.cookie)).reports.map((r) => r.id)).not.toContain(question.id);
      // A second dismiss is a conflict; a complaint that names someone needs that member.
      const again = await postAction(t.app, mod.cookie, {
        action: 'dismiss',
        complaint: question.id,
      });
      expect(refusal(again)).toEqual({ status: 409, key: 'moderation.errors.conflict' });
      const named = await postAction(t.app, mod.cookie, {
        action: 'dismiss',
        complaint: aboutOther.id,
      });
      expect(refusal(named)).toEqual({ status: 404, key: 'moderation.errors.not_found' });
      // Every other action still names its member.
      const ban = await postAction(t.app, mod.cookie, { action: 'ban', reason: 'x' });
      expect(ban.statusCode).toBe(400);
    });

    it('shows a member with every report, the chat around a chat report, and the audit log', async () => {
      const reporter = await account(t.app);
      const target = await account(t.app, { name: 'Tess', city: 'Espoo', country: 'FI' });
      const at = Date.now() - 120_000;
      const messages = Array.from({ length: 60 }, (_, i) => ({
        from: i % 2 === 0 ? target.id : reporter.id,
        body: `m${i}`,
      }));
      await insertConversation(t.app, target.id, reporter.id, { messages, at });
      const chatReport = await report(t.app, reporter.cookie, target.id, 'harassment');
      // Filed between message 44 and 45.
      await t.app.db
        .updateTable('complaints')
        .set({ created_at: at + 44_500 })
        .where('id', '=', chatReport)
        .execute();
      const complaint = await t.app.inject({
        method: 'POST',
        url: '/api/complaint_form.php',
        payload: {
          category: 'fake_profile',
          message: 'Stolen photos',
          member: String(target.id),
          email: 'v@example.org',
          language: 'en',
        },
      });
      const complaintId = (complaint.json() as { id: number }).id;
      await act(t.app, mod.cookie, { action: 'warn', member: target.id, reason: 'First warning' });
      await act(t.app, mod.cookie, { action: 'hide_profile', member: target.id });

      const file = await memberFile(t.app, mod.cookie, target.id);
      expect(file.member).toMatchObject({
        id: target.id,
        name: 'Tess',
        city: 'Espoo',
        status: 'active',
        search_hidden: true,
        moderator: false,
        ban: null,
        photos: [],
      });
      expect(JSON.stringify(file)).not.toContain(target.email);
      expect(file.reports.map((r) => r.id)).toEqual([complaintId, chatReport]);
      expect(file.reports[0]?.messages).toBeUndefined();
      const shown = file.reports[1]?.messages ?? [];
      expect(shown.map((m) => m.body)).toEqual(Array.from({ length: 40 }, (_, i) => `m${i + 15}`));
      expect(shown[0]?.sender_id).toBe(reporter.id);
      expect(file.audit.map((a) => [a.action, a.reason])).toEqual([
        ['hide_profile', ''],
        ['warn', 'First warning'],
      ]);
      expect(file.audit[0]?.moderator.id).toBe(mod.id);
    });

    it('answers an unknown member with a 404 and a key', async () => {
      expect(refusal(await getMember(t.app, mod.cookie, 1_999_999_999))).toEqual({
        status: 404,
        key: 'moderation.errors.not_found',
      });
    });
  });
}
