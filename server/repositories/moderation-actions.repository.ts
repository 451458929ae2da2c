/**
 * Moderation actions. Each one commits its change, its `moderation_actions` audit row and the
 * handling of the complaint it answers in one transaction: an action is recorded exactly when it
 * took effect. Changes are compare-and-set, so two moderators racing cannot both ban or unban.
 */
import type { Kysely, Transaction } from 'kysely';
import type { ModerationAction } from '../../src/shared/contract/moderation';
import type { Database, MemberStatus } from '../db/schema';
import { insertOutboxMail, type OutboxMail } from './mail.repository';
import { BANNED_SESSION } from './session.repository';

type Trx = Transaction<Database>;

/** The audit row of an action: who did what to whom, why and when. */
export interface AuditRecord {
  moderatorId: number;
  memberId: number;
  action: ModerationAction;
  reason: string;
  complaintId: number | null;
  imageId: number | null;
  now: number;
}

/** A dismissal of a complaint that names no member (a visitor's payment question, say). */
export interface UnaddressedDismissal extends Omit<AuditRecord, 'memberId'> {
  memberId: null;
}

/** Why an action changed nothing (and so recorded nothing). */
export type ActionRefusal = 'conflict' | 'not_found';

/** An action that took effect: its audit row and what the change answered. */
export interface Recorded<T> {
  entryId: number;
  value: T;
}

/** Thrown inside a transaction to roll it back with the reason. */
class Refused extends Error {
  constructor(readonly refusal: ActionRefusal) {
    super(refusal);
  }
}

/** Writes moderation actions with their audit rows. */
export class ModerationActionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A report or complaint leaves the queue; refused when someone handled it already. */
  dismiss(a: AuditRecord | UnaddressedDismissal): Promise<Recorded<null> | ActionRefusal> {
    return this.record(a, true, async () => null);
  }

  /** Queues the warning mail; answers its outbox id so the caller can start sending it. */
  warn(a: AuditRecord, mail: OutboxMail): Promise<Recorded<number> | ActionRefusal> {
    return this.record(a, false, (trx) => insertOutboxMail(trx, mail, a.now));
  }

  /** Sets the review state of one of the member's photos (hidden or approved). */
  setPhotoReview(
    a: AuditRecord & { imageId: number },
    review: 'approved' | 'hidden',
  ): Promise<Recorded<null> | ActionRefusal> {
    return this.record(a, false, async (trx) => {
      const result = await trx
        .updateTable('images')
        .set({ review })
        .where('id', '=', a.imageId)
        .where('member_id', '=', a.memberId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new Refused('not_found');
      return null;
    });
  }

  /** Takes the member out of search, or back in. */
  setSearchHidden(a: AuditRecord, hidden: boolean): Promise<Recorded<null> | ActionRefusal> {
    return this.record(a, false, async (trx) => {
      const result = await trx
        .updateTable('members')
        .set({ search_hidden: hidden })
        .where('id', '=', a.memberId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new Refused('conflict');
      return null;
    });
  }

  /**
   * Bans an active or not confirmed member: the status, a bans row with the status to restore, and
   * every session of the member ended with reason `banned`. Answers when the ban started.
   */
  ban(a: AuditRecord): Promise<Recorded<number> | ActionRefusal> {
    return this.record(a, false, async (trx) => {
      const member = await trx
        .selectFrom('members')
        .select('status')
        .where('id', '=', a.memberId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      const previous = member?.status;
      if (previous !== 'active' && previous !== 'not_confirmed') throw new Refused('conflict');
      const changed = await trx
        .updateTable('members')
        .set({ status: 'banned' })
        .where('id', '=', a.memberId)
        .where('status', '=', previous)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0) throw new Refused('conflict');
      await trx
        .insertInto('bans')
        .values({
          member_id: a.memberId,
          moderator_id: a.moderatorId,
          reason: a.reason,
          previous_status: previous,
          created_at: a.now,
        })
        .execute();
      await trx
        .updateTable('sessions')
        .set({ ended_reason: BANNED_SESSION })
        .where('member_id', '=', a.memberId)
        .where('ended_reason', 'is', null)
        .execute();
      return a.now;
    });
  }

  /** Lifts the ban in force and gives the member back the status they had; sessions stay ended. */
  unban(a: AuditRecord): Promise<Recorded<MemberStatus> | ActionRefusal> {
    return this.record(a, false, async (trx) => {
      const ban = await trx
        .selectFrom('bans')
        .select(['id', 'previous_status'])
        .where('member_id', '=', a.memberId)
        .where('lifted_at', 'is', null)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!ban) throw new Refused('conflict');
      const restored = await trx
        .updateTable('members')
        .set({ status: ban.previous_status })
        .where('id', '=', a.memberId)
        .where('status', '=', 'banned')
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (Number(restored.numUpdatedRows) === 0) throw new Refused('conflict');
      await trx
        .updateTable('bans')
        .set({ lifted_at: a.now, lifted_by: a.moderatorId })
        .where('member_id', '=', a.memberId)
        .where('lifted_at', 'is', null)
        .execute();
      return ban.previous_status;
    });
  }

  /**
   * Runs `change`, marks the named complaint handled and appends the audit row, all in one
   * transaction. `mustHandle`: the complaint must still be open (dismiss), else the action is
   * refused; other actions leave a complaint someone already handled as it was.
   */
  private async record<T>(
    a: AuditRecord | UnaddressedDismissal,
    mustHandle: boolean,
    change: (trx: Trx) => Promise<T>,
  ): Promise<Recorded<T> | ActionRefusal> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const value = await change(trx);
        if (a.complaintId !== null) {
          const handled = await trx
            .updateTable('complaints')
            .set({ status: 'handled', handled_at: a.now, handled_by: a.moderatorId })
            .where('id', '=', a.complaintId)
            .where('handled_at', 'is', null)
            .executeTakeFirst();
          if (mustHandle && Number(handled.numUpdatedRows) === 0) throw new Refused('conflict');
        }
        const { id } = await trx
          .insertInto('moderation_actions')
          .values({
            moderator_id: a.moderatorId,
            member_id: a.memberId,
            action: a.action,
            reason: a.reason,
            complaint_id: a.complaintId,
            image_id: a.imageId,
            created_at: a.now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { entryId: id, value };
      });
    } catch (err) {
      if (err instanceof Refused) return err.refusal;
      throw err;
    }
  }
}
