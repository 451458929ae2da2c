/**
 * POST /api/moderation.php: one moderator action on one member. Every refusal is a 4xx with a
 * `moderation.errors.*` key; what takes effect is committed with its audit row, and only then are
 * mails sent and live events published (a ban's `banned` event ends the member's open tabs).
 */
import type { FastifyInstance } from 'fastify';
import { type LiveEvent } from '../../src/shared/contract/live-events';
import {
  PHOTO_ACTIONS,
  type ModeratedMember,
  type ModerationAction,
  type ModerationActionBody,
  type ModerationActionResult,
} from '../../src/shared/contract/moderation';
import { todayIso } from '../lib/dates';
import { HttpError } from '../lib/http-error';
import type { OutboxMail } from '../repositories/mail.repository';
import type {
  ActionRefusal,
  AuditRecord,
  Recorded,
} from '../repositories/moderation-actions.repository';
import type { ComplaintTarget } from '../repositories/moderation.repository';
import { fill } from './mailer';
import { notFound } from './moderation';
import { WARNING_MAIL, WARNING_TEXTS } from './moderation-mail-texts';

/** Actions that change who search counts. */
const COUNTED: ReadonlySet<ModerationAction> = new Set([
  'hide_profile',
  'show_profile',
  'ban',
  'unban',
]);

const conflict = (message: string) => new HttpError(409, message, 'moderation.errors.conflict');

/** A complaint is about the member it names, or, naming nobody, about its reporter. */
function concerns(complaint: ComplaintTarget, memberId: number): boolean {
  return (complaint.reportedId ?? complaint.reporterId) === memberId;
}

/** The checks that need no transaction: who, whom, which complaint and which photo. */
async function checkAction(
  app: FastifyInstance,
  moderatorId: number,
  body: ModerationActionBody & { member: number },
): Promise<ModeratedMember> {
  if (body.member === moderatorId) {
    throw new HttpError(403, 'Moderators cannot act on themselves', 'moderation.errors.self');
  }
  const member = await app.repos.moderationMembers.member(body.member, todayIso());
  if (!member) throw notFound('member');
  // Dismissing only closes a report, so a report about a member who left can still be closed.
  if (member.status === 'deleted' && body.action !== 'dismiss') {
    throw new HttpError(409, 'This member deleted their account', 'moderation.errors.deleted');
  }
  if (body.complaint !== undefined) {
    const complaint = await app.repos.moderation.complaint(body.complaint);
    if (!complaint || !concerns(complaint, body.member)) throw notFound('complaint');
    if (body.action === 'dismiss' && complaint.handled) {
      throw conflict('This report was handled already');
    }
  }
  if (PHOTO_ACTIONS.includes(body.action) && !member.photos.some((p) => p.id === body.image)) {
    throw notFound('photo');
  }
  if (body.action === 'ban' && member.status === 'banned') throw conflict('Already banned');
  if (body.action === 'unban' && member.status !== 'banned') throw conflict('Not banned');
  return member;
}

/** The warning mail in the member's language. */
async function warningMail(
  app: FastifyInstance,
  memberId: number,
  reason: string,
  origin: string,
): Promise<OutboxMail> {
  const to = await app.repos.moderationMembers.warnTarget(memberId);
  if (!to) throw notFound('member');
  const text = WARNING_TEXTS[to.language];
  const values = {
    name: to.name,
    site: app.site.config.name,
    reason,
    terms: `${origin}/pages/terms`,
    complaints: `${origin}/complaints`,
  };
  return {
    memberId,
    to: to.email,
    kind: WARNING_MAIL,
    subject: fill(text.subject, values),
    text: fill(text.body, values),
    html: null,
  };
}

/** Everyone whose lists show the member: their chat lists change when the member vanishes or returns. */
async function announceToPartners(app: FastifyInstance, memberId: number): Promise<void> {
  const partners = await app.repos.moderationMembers.conversationPartners(memberId);
  await Promise.all(
    partners.map(({ conversation, member }) =>
      app.realtime.publish(member, { type: 'chat', conversation }),
    ),
  );
}

/** Applies the action in its transaction; answers the audit row id. */
async function apply(
  app: FastifyInstance,
  audit: AuditRecord,
  body: ModerationActionBody,
  origin: string,
): Promise<number> {
  const repo = app.repos.moderationActions;
  const settle = <T>(outcome: Recorded<T> | ActionRefusal): Recorded<T> => {
    if (outcome === 'not_found')
      throw notFound(PHOTO_ACTIONS.includes(body.action) ? 'photo' : 'member');
    if (outcome === 'conflict') throw conflict('Someone else changed this member or report first');
    return outcome;
  };
  const memberId = audit.memberId;
  const after: Array<() => Promise<void>> = [];
  let entryId: number;
  switch (body.action) {
    case 'dismiss':
      entryId = settle(await repo.dismiss(audit)).entryId;
      break;
    case 'warn': {
      const mail = await warningMail(app, memberId, audit.reason, origin);
      const done = settle(await repo.warn(audit, mail));
      app.mail.dispatch(done.value, mail);
      entryId = done.entryId;
      break;
    }
    case 'hide_photo':
    case 'approve_photo': {
      const { imageId } = audit;
      if (imageId === null) throw notFound('photo');
      const review = body.action === 'hide_photo' ? 'hidden' : 'approved';
      entryId = settle(await repo.setPhotoReview({ ...audit, imageId }, review)).entryId;
      after.push(() => app.realtime.publish(memberId, { type: 'user' }));
      break;
    }
    case 'hide_profile':
    case 'show_profile':
      entryId = settle(await repo.setSearchHidden(audit, body.action === 'hide_profile')).entryId;
      break;
    case 'ban': {
      const done = settle(await repo.ban(audit));
      const event: LiveEvent = {
        type: 'banned',
        reason: audit.reason,
        since: new Date(done.value).toISOString(),
      };
      after.push(() => app.realtime.publish(memberId, event));
      after.push(() => announceToPartners(app, memberId));
      entryId = done.entryId;
      break;
    }
    case 'unban':
      entryId = settle(await repo.unban(audit)).entryId;
      after.push(() => announceToPartners(app, memberId));
      break;
  }
  // Search totals cached for a minute would still count (or miss) the member.
  if (COUNTED.has(body.action)) app.searchTotals.clear();
  // The action is committed: an event that cannot go out is logged, never turned into an error.
  await Promise.all(
    after.map((run) =>
      run().catch((err: unknown) => {
        app.log.warn({ err, member: memberId }, 'moderation: live event not published');
      }),
    ),
  );
  return entryId;
}

/** Closes a complaint that names no member; the audit row names none either. */
async function dismissUnaddressed(
  app: FastifyInstance,
  moderatorId: number,
  body: ModerationActionBody & { complaint: number },
): Promise<ModerationActionResult> {
  const complaint = await app.repos.moderation.complaint(body.complaint);
  if (!complaint || complaint.reportedId !== null) throw notFound('complaint');
  if (complaint.handled) throw conflict('This report was handled already');
  const outcome = await app.repos.moderationActions.dismiss({
    moderatorId,
    memberId: null,
    action: 'dismiss',
    reason: body.reason,
    complaintId: body.complaint,
    imageId: null,
    now: Date.now(),
  });
  if (outcome === 'not_found') throw notFound('complaint');
  if (outcome === 'conflict') throw conflict('This report was handled already');
  const entry = await app.repos.moderationMembers.auditEntry(outcome.entryId);
  if (!entry) throw notFound('complaint');
  return { member: null, entry };
}

/** Checks and applies one action; answers the member as they are now and the audit entry. */
export async function moderate(
  app: FastifyInstance,
  moderatorId: number,
  body: ModerationActionBody,
  origin: string,
): Promise<ModerationActionResult> {
  if (body.member === undefined) {
    // The contract lets only a dismiss go without a member, and a dismiss names its complaint.
    if (body.action !== 'dismiss' || body.complaint === undefined) throw notFound('member');
    return dismissUnaddressed(app, moderatorId, { ...body, complaint: body.complaint });
  }
  const memberId = body.member;
  await checkAction(app, moderatorId, { ...body, member: memberId });
  const audit: AuditRecord = {
    moderatorId,
    memberId,
    action: body.action,
    reason: body.reason,
    complaintId: body.complaint ?? null,
    imageId: PHOTO_ACTIONS.includes(body.action) ? (body.image ?? null) : null,
    now: Date.now(),
  };
  const entryId = await apply(app, audit, body, origin);
  const [member, entry] = await Promise.all([
    app.repos.moderationMembers.member(memberId, todayIso()),
    app.repos.moderationMembers.auditEntry(entryId),
  ]);
  if (!member || !entry) throw notFound('member');
  return { member, entry };
}
