/**
 * POST /api/moderation.php: dismiss, warn, hide and approve a photo, each with its effect, its
 * audit row and the complaint it closes; and the refusals (unknown, deleted, not this member's).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserResponse } from '../../src/shared/contract/account';
import { ProfileDetails } from '../../src/shared/contract/members';
import { as, insertMember } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';
import {
  account,
  act,
  auditRows,
  moderator,
  postAction,
  queue,
  refusal,
  report,
  type Account,
} from './moderation-calls';
import { lastMailTo } from './outbox';

for (const engine of ENGINES) {
  describe(`moderation actions (${engine})`, () => {
    let t: TestApp;
    let mod: Account;
    let reporter: Account;

    beforeAll(async () => {
      t = await buildTestApp(engine);
      mod = await moderator(t.app, { name: 'Mia Moderator' });
      reporter = await account(t.app);
    });
    afterAll(() => t.close());

    const complaintRow = (id: number) =>
      t.app.db.selectFrom('complaints').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const addPhoto = async (memberId: number, main = false) => {
      const { id } = await t.app.db
        .insertInto('images')
        .values({
          member_id: memberId,
          filename: `p${memberId}-${Math.random()}.jpg`,
          thumb_filename: `p${memberId}-thumb.jpg`,
          width: 600,
          height: 600,
          created_at: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (main) {
        await t.app.db
          .updateTable('members')
          .set({ main_image_id: id })
          .where('id', '=', memberId)
          .execute();
      }
      return id;
    };

    it('dismisses a report: it leaves the queue, handled by the moderator, with its audit row', async () => {
      const target = await account(t.app);
      const complaint = await report(t.app, reporter.cookie, target.id, 'spam');
      expect((await queue(t.app, mod.cookie)).reports.map((r) => r.id)).toContain(complaint);

      const result = await act(t.app, mod.cookie, {
        action: 'dismiss',
        member: target.id,
        complaint,
        reason: 'Nothing wrong in the chat',
      });
      expect(result.entry).toMatchObject({
        action: 'dismiss',
        reason: 'Nothing wrong in the chat',
        moderator: { id: mod.id, name: 'Mia Moderator' },
        member_id: target.id,
        complaint_id: complaint,
        image_id: null,
      });
      expect(await complaintRow(complaint)).toMatchObject({
        status: 'handled',
        handled_by: mod.id,
      });
      expect((await complaintRow(complaint)).handled_at).toBeGreaterThan(0);
      expect((await queue(t.app, mod.cookie)).reports.map((r) => r.id)).not.toContain(complaint);
      const rows = await auditRows(t.app, target.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ moderator_id: mod.id, action: 'dismiss' });

      // A second moderator dismissing the same report meanwhile is told, and nothing is recorded.
      const again = await postAction(t.app, mod.cookie, {
        action: 'dismiss',
        member: target.id,
        complaint,
      });
      expect(refusal(again)).toEqual({ status: 409, key: 'moderation.errors.conflict' });
      expect(await auditRows(t.app, target.id)).toHaveLength(1);
    });

    it('refuses a dismiss without a complaint, or with one about someone else', async () => {
      const target = await account(t.app);
      const other = await account(t.app);
      const aboutOther = await report(t.app, reporter.cookie, other.id);
      const none = await postAction(t.app, mod.cookie, { action: 'dismiss', member: target.id });
      expect(refusal(none)).toEqual({ status: 400, key: 'moderation.errors.complaint' });
      const wrong = await postAction(t.app, mod.cookie, {
        action: 'dismiss',
        member: target.id,
        complaint: aboutOther,
      });
      expect(refusal(wrong)).toEqual({ status: 404, key: 'moderation.errors.not_found' });
      const unknown = await postAction(t.app, mod.cookie, {
        action: 'dismiss',
        member: target.id,
        complaint: 987_654,
      });
      expect(refusal(unknown)).toEqual({ status: 404, key: 'moderation.errors.not_found' });
      expect((await complaintRow(aboutOther)).handled_at).toBeNull();
    });

    it('warns by mail in the member’s language, with the reason, and closes the report', async () => {
      const target = await account(t.app, { name: 'Greta', language: 'de' });
      const complaint = await report(t.app, reporter.cookie, target.id);
      const noReason = await postAction(t.app, mod.cookie, { action: 'warn', member: target.id });
      expect(refusal(noReason)).toEqual({ status: 400, key: 'moderation.errors.reason' });

      const reason = 'Bitte keine Beleidigungen im Chat.';
      const result = await act(t.app, mod.cookie, {
        action: 'warn',
        member: target.id,
        complaint,
        reason,
      });
      expect(result.entry).toMatchObject({ action: 'warn', reason, complaint_id: complaint });
      const mail = await lastMailTo(t.app, target.email, 'moderation_warning');
      expect(mail.member_id).toBe(target.id);
      expect(mail.subject).toContain('Verwarnung');
      expect(mail.text).toContain('Hallo Greta');
      expect(mail.text).toContain(reason);
      expect(mail.text).toMatch(/https?:\/\/[^\s]+\/complaints/);
      expect((await complaintRow(complaint)).handled_by).toBe(mod.id);
      expect(await auditRows(t.app, target.id)).toMatchObject([{ action: 'warn', reason }]);
    });

    it('hides a photo from everyone but its owner, and approves it back', async () => {
      const owner = await account(t.app);
      const viewer = await account(t.app);
      const photo = await addPhoto(owner.id, true);
      const other = await addPhoto(owner.id);
      const profile = async () => {
        const res = await t.app.inject({
          url: `/api/profile.php?id=${owner.id}`,
          ...as(viewer.cookie),
        });
        return ProfileDetails.parse(res.json());
      };
      const own = async () => {
        const res = await t.app.inject({ url: '/api/user.php', ...as(owner.cookie) });
        return UserResponse.parse(res.json()).user.profile;
      };
      expect((await profile()).images.map((i) => i.id)).toEqual([photo, other]);

      const hidden = await act(t.app, mod.cookie, {
        action: 'hide_photo',
        member: owner.id,
        image: photo,
        reason: 'Not a photo of the member',
      });
      expect(hidden.member?.photos.find((p) => p.id === photo)?.review).toBe('hidden');
      expect(hidden.entry).toMatchObject({ action: 'hide_photo', image_id: photo });
      expect((await profile()).images.map((i) => i.id)).toEqual([other]);
      expect((await profile()).main_image).toBeNull();
      const mine = await own();
      expect(mine.images.map((i) => [i.id, i.review])).toEqual([
        [photo, 'hidden'],
        [other, undefined],
      ]);
      expect(mine.main_image).toMatchObject({ id: photo, review: 'hidden' });

      await act(t.app, mod.cookie, { action: 'approve_photo', member: owner.id, image: photo });
      expect((await profile()).images.map((i) => i.id)).toEqual([photo, other]);
      expect((await profile()).main_image?.id).toBe(photo);
      expect((await own()).images.every((i) => i.review === undefined)).toBe(true);
      expect((await auditRows(t.app, owner.id)).map((r) => [r.action, r.image_id])).toEqual([
        ['hide_photo', photo],
        ['approve_photo', photo],
      ]);
    });

    it('refuses a photo that is not the member’s, and photo actions without a photo', async () => {
      const owner = await account(t.app);
      const stranger = await account(t.app);
      const theirs = await addPhoto(stranger.id);
      const wrong = await postAction(t.app, mod.cookie, {
        action: 'hide_photo',
        member: owner.id,
        image: theirs,
      });
      expect(refusal(wrong)).toEqual({ status: 404, key: 'moderation.errors.not_found' });
      const none = await postAction(t.app, mod.cookie, { action: 'hide_photo', member: owner.id });
      expect(refusal(none)).toEqual({ status: 400, key: 'moderation.errors.image' });
      const row = await t.app.db
        .selectFrom('images')
        .select('review')
        .where('id', '=', theirs)
        .executeTakeFirstOrThrow();
      expect(row.review).toBe('approved');
      expect(await auditRows(t.app, owner.id)).toHaveLength(0);
    });

    it('refuses unknown and deleted members clearly, yet closes a report about one who left', async () => {
      const unknown = await postAction(t.app, mod.cookie, {
        action: 'warn',
        member: 2_000_000_000,
        reason: 'x',
      });
      expect(refusal(unknown)).toEqual({ status: 404, key: 'moderation.errors.not_found' });

      const gone = await account(t.app);
      const complaint = await report(t.app, reporter.cookie, gone.id);
      await t.app.db
        .updateTable('members')
        .set({ status: 'deleted', deleted_at: Date.now() })
        .where('id', '=', gone.id)
        .execute();
      for (const body of [
        { action: 'warn', reason: 'x' },
        { action: 'ban', reason: 'x' },
        { action: 'hide_profile' },
        { action: 'unban' },
      ]) {
        const res = await postAction(t.app, mod.cookie, { ...body, member: gone.id });
        expect(refusal(res), body.action).toEqual({
          status: 409,
          key: 'moderation.errors.deleted',
        });
      }
      expect(await auditRows(t.app, gone.id)).toHaveLength(0);
      await act(t.app, mod.cookie, { action: 'dismiss', member: gone.id, complaint });
      expect((await complaintRow(complaint)).handled_by).toBe(mod.id);
    });

    it('takes a form complaint that names nobody as being about the member who sent it', async () => {
      const complaint = await t.app.inject({
        method: 'POST',
        url: '/api/complaint_form.php',
        payload: { category: 'payment', message: 'Charged twice.', language: 'en' },
        ...as(reporter.cookie),
      });
      const { id } = complaint.json() as { id: number };
      const result = await act(t.app, mod.cookie, {
        action: 'dismiss',
        member: reporter.id,
        complaint: id,
        reason: 'Refunded by support',
      });
      expect(result.entry.complaint_id).toBe(id);
      const target = await insertMember(t.app);
      const wrong = await postAction(t.app, mod.cookie, {
        action: 'dismiss',
        member: target,
        complaint: id,
      });
      expect(refusal(wrong).status).toBe(404);
    });
  });
}
