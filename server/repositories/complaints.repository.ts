/** Complaints about members (DESIGN §4 "report"), kept for moderation. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

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
}
