/** Complaints about members (DESIGN §4 "report"), kept for moderation. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { OutboxMail } from './mail.repository';
import { VISIBLE_MEMBER } from './member-sql';

/** A member's report about another member. */
export interface NewComplaint {
  reporterId: number;
  reportedId: number;
  /** The contract's ComplaintReason; stored as the subject. */
  reason: string;
  /** The reporter's words, possibly empty. */
  message: string;
  now: number;
}

/** A complaint from the public form, by a member (reporterId) or a visitor (reporterId null). */
export interface NewFormComplaint {
  reporterId: number | null;
  reportedId: number | null;
  /** Where replies go: the visitor's address or the member's account address. */
  email: string;
  category: string;
  language: string;
  message: string;
  /** Server-made file name under `<data>/complaints`, or null without a screenshot. */
  screenshot: string | null;
  now: number;
}

/** The complaint's reference number as the complainant quotes it: CP-000123. */
export function complaintReference(id: number): string {
  return `CP-${String(id).padStart(6, '0')}`;
}

/** Writes complaints. */
export class ComplaintsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores the complaint as open and returns its id. */
  async create(c: NewComplaint): Promise<number> {
    const row = await this.db
      .insertInto('complaints')
      .values({
        reporter_id: c.reporterId,
        reported_member_id: c.reportedId,
        email: null,
        subject: c.reason,
        body: c.message,
        created_at: c.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Stores a form complaint with its reference and queues its confirmation mail in the same
   * transaction, so an acknowledged complaint always has both. `mail` writes the mail for the
   * reference; answers the ids the caller needs to start sending.
   */
  async createFromForm(
    c: NewFormComplaint,
    mail: (reference: string) => OutboxMail,
  ): Promise<{ id: number; reference: string; mailId: number; mail: OutboxMail }> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('complaints')
        .values({
          reporter_id: c.reporterId,
          reported_member_id: c.reportedId,
          email: c.email,
          subject: c.category,
          body: c.message,
          category: c.category,
          language: c.language,
          screenshot: c.screenshot,
          created_at: c.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const reference = complaintReference(id);
      await trx.updateTable('complaints').set({ reference }).where('id', '=', id).execute();
      const confirmation = mail(reference);
      const { id: mailId } = await trx
        .insertInto('mail_outbox')
        .values({
          member_id: confirmation.memberId,
          to_email: confirmation.to,
          kind: confirmation.kind,
          subject: confirmation.subject,
          text: confirmation.text,
          html: confirmation.html,
          created_at: c.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id, reference, mailId, mail: confirmation };
    });
  }

  /** A member the public may name in a complaint: visible (not hidden, banned or deleted). */
  async visibleMember(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('members as m')
      .select('m.id')
      .where('m.id', '=', id)
      .where(VISIBLE_MEMBER)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Where replies to a member's complaint go: their account address. */
  async memberEmail(id: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('members')
      .select('email')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.email;
  }
}
