/** Complaints about members (DESIGN §4 "report"), kept for moderation. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { insertOutboxMail, type OutboxMail } from './mail.repository';
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
  /** A member's queued complaint's UUID (exactly once); null for visitors and live sends. */
  clientId: string | null;
  now: number;
}

/** Kind of a form complaint in client_actions. */
export const COMPLAINT_ACTION = 'complaint';

/** What a client id was first used for; `id` and `reference` when it filed a complaint. */
export interface ClientAnswer {
  kind: string;
  id?: number;
  reference?: string;
}

/** A stored form complaint, or the first answer to a repeated client id. */
export type FormComplaintOutcome =
  | { repeat: false; id: number; reference: string; mailId: number; mail: OutboxMail }
  | ({ repeat: true } & ClientAnswer);

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

  /** The first answer to a member's client id (its kind, and the complaint if it was one). */
  repeated(memberId: number, clientId: string): Promise<ClientAnswer | undefined> {
    return firstAnswer(this.db, memberId, clientId);
  }

  /**
   * Stores a form complaint with its reference and queues its confirmation mail in the same
   * transaction, so an acknowledged complaint always has both. `mail` writes the mail for the
   * reference; answers the ids the caller needs to start sending. With a client id the complaint
   * first claims (member, client id) in client_actions: a repeat, also a concurrent one (it
   * waits on the claim), gets the first answer and stores nothing.
   */
  async createFromForm(
    c: NewFormComplaint,
    mail: (reference: string) => OutboxMail,
  ): Promise<FormComplaintOutcome> {
    return this.db.transaction().execute(async (trx): Promise<FormComplaintOutcome> => {
      const owner =
        c.reporterId !== null && c.clientId !== null
          ? { memberId: c.reporterId, clientId: c.clientId }
          : null;
      if (owner) {
        const claimed = await trx
          .insertInto('client_actions')
          .values({
            member_id: owner.memberId,
            client_id: owner.clientId,
            kind: COMPLAINT_ACTION,
            result: '',
            created_at: c.now,
          })
          .onConflict((oc) => oc.columns(['member_id', 'client_id']).doNothing())
          .returning('client_id')
          .executeTakeFirst();
        if (!claimed) {
          const first = await firstAnswer(trx, owner.memberId, owner.clientId);
          return { repeat: true, kind: '', ...first };
        }
      }
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
      const mailId = await insertOutboxMail(trx, confirmation, c.now);
      if (owner) {
        await trx
          .updateTable('client_actions')
          .set({ result: JSON.stringify({ id, reference }) })
          .where('member_id', '=', owner.memberId)
          .where('client_id', '=', owner.clientId)
          .execute();
      }
      return { repeat: false, id, reference, mailId, mail: confirmation };
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

/** The stored first answer of a client id: its kind, and the complaint when it was one. */
async function firstAnswer(
  db: Kysely<Database>,
  memberId: number,
  clientId: string,
): Promise<ClientAnswer | undefined> {
  const row = await db
    .selectFrom('client_actions')
    .select(['kind', 'result'])
    .where('member_id', '=', memberId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (!row) return undefined;
  const answer = row.kind === COMPLAINT_ACTION && row.result ? JSON.parse(row.result) : {};
  return { kind: row.kind, ...(answer as { id?: number; reference?: string }) };
}
