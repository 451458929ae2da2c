/**
 * What the moderation console reads: who is a moderator, the open queue (reports, form complaints
 * and photos waiting for review), the reports about one member with the chat around each report,
 * and complaint screenshots. Writes live in moderation-actions.repository.ts.
 */
import type { Kysely } from 'kysely';
import type {
  ModerationMessage,
  ModerationQueueResponse,
  ModerationReport,
} from '../../src/shared/contract/moderation';
import type { Database } from '../db/schema';

/** Open reports and photos the queue shows at most; the oldest come first. */
export const QUEUE_LIMIT = 200;
/** Reports about one member the member view shows at most, newest first. */
export const MEMBER_REPORTS_LIMIT = 100;
/** Messages shown from before a chat report and after it. */
export const MESSAGES_BEFORE = 30;
export const MESSAGES_AFTER = 10;

/** A complaint as an action needs it: whom it concerns and whether it left the queue. */
export interface ComplaintTarget {
  reporterId: number | null;
  reportedId: number | null;
  handled: boolean;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Reads for the moderation console; every answer is a contract shape. */
export class ModerationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Whether the member may use the console (role moderator, not deleted or banned). */
  async isModerator(memberId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('members')
      .select('id')
      .where('id', '=', memberId)
      .where('role', '=', 'moderator')
      .where('status', 'in', ['active', 'not_confirmed'])
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The open queue: reports and complaints, then photos waiting for review, oldest first. */
  async queue(): Promise<ModerationQueueResponse> {
    const [reports, photos] = await Promise.all([
      this.reports()
        .where('c.status', '=', 'open')
        .where('c.handled_at', 'is', null)
        .orderBy('c.id')
        .limit(QUEUE_LIMIT)
        .execute(),
      this.db
        .selectFrom('images as i')
        .innerJoin('members as m', 'm.id', 'i.member_id')
        .select(['i.id', 'i.thumb_filename', 'i.filename', 'm.id as member_id', 'm.name'])
        .where('i.review', '=', 'pending')
        .where('m.deleted_at', 'is', null)
        .orderBy('i.id')
        .limit(QUEUE_LIMIT)
        .execute(),
    ]);
    return {
      reports: reports.map(toReport),
      pending_photos: photos.map((p) => ({
        member: { id: p.member_id, name: p.name },
        photo: {
          id: p.id,
          thumb_filename: p.thumb_filename,
          filename: p.filename,
          review: 'pending',
        },
      })),
    };
  }

  /** Every report and complaint about a member, newest first; chat reports with their messages. */
  async reportsAbout(memberId: number): Promise<ModerationReport[]> {
    const rows = await this.reports()
      .where('c.reported_member_id', '=', memberId)
      .orderBy('c.id', 'desc')
      .limit(MEMBER_REPORTS_LIMIT)
      .execute();
    return Promise.all(
      rows.map(async (row) => {
        const report = toReport(row);
        if (report.kind !== 'report' || row.reporter_id === null) return report;
        const messages = await this.messagesAround(row.reporter_id, memberId, row.created_at);
        return { ...report, messages };
      }),
    );
  }

  /**
   * The messages between two members around `at`: up to MESSAGES_BEFORE sent until then and
   * MESSAGES_AFTER sent later, oldest first. Empty when they never had a conversation.
   */
  async messagesAround(a: number, b: number, at: number): Promise<ModerationMessage[]> {
    const conversation = await this.db
      .selectFrom('conversations')
      .select('id')
      .where('member_a', '=', Math.min(a, b))
      .where('member_b', '=', Math.max(a, b))
      .executeTakeFirst();
    if (!conversation) return [];
    const page = this.db
      .selectFrom('messages')
      .select(['id', 'sender_id', 'body', 'created_at'])
      .where('conversation_id', '=', conversation.id);
    const [before, after] = await Promise.all([
      page.where('created_at', '<=', at).orderBy('id', 'desc').limit(MESSAGES_BEFORE).execute(),
      page.where('created_at', '>', at).orderBy('id').limit(MESSAGES_AFTER).execute(),
    ]);
    return [...before.reverse(), ...after].map((m) => ({
      id: m.id,
      sender_id: m.sender_id,
      body: m.body,
      created_at: iso(m.created_at),
    }));
  }

  /** Whom a complaint concerns; undefined for an unknown id. */
  async complaint(id: number): Promise<ComplaintTarget | undefined> {
    const row = await this.db
      .selectFrom('complaints')
      .select(['reporter_id', 'reported_member_id', 'handled_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row
      ? {
          reporterId: row.reporter_id,
          reportedId: row.reported_member_id,
          handled: row.handled_at !== null,
        }
      : undefined;
  }

  /** The stored name of a complaint's screenshot: null without one, undefined for an unknown id. */
  async screenshot(complaintId: number): Promise<string | null | undefined> {
    const row = await this.db
      .selectFrom('complaints')
      .select('screenshot')
      .where('id', '=', complaintId)
      .executeTakeFirst();
    return row?.screenshot;
  }

  /** Reports and complaints with the names of reporter and reported member. */
  private reports() {
    return this.db
      .selectFrom('complaints as c')
      .leftJoin('members as r', 'r.id', 'c.reporter_id')
      .leftJoin('members as t', 't.id', 'c.reported_member_id')
      .select([
        'c.id',
        'c.category',
        'c.reference',
        'c.created_at',
        'c.subject',
        'c.body',
        'c.email',
        'c.screenshot',
        'c.handled_at',
        'c.reporter_id',
        'c.reported_member_id',
        'r.name as reporter_name',
        't.name as member_name',
      ]);
  }
}

/** A row of ModerationRepository.reports(). */
interface ReportRow {
  id: number;
  category: string | null;
  reference: string | null;
  created_at: number;
  subject: string;
  body: string;
  email: string | null;
  screenshot: string | null;
  handled_at: number | null;
  reporter_id: number | null;
  reported_member_id: number | null;
  reporter_name: string | null;
  member_name: string | null;
}

/** A complaints row as the console shows it; a member's form complaint keeps their address private. */
function toReport(row: ReportRow): ModerationReport {
  const kind = row.category === null ? 'report' : 'complaint';
  return {
    id: row.id,
    kind,
    reference: row.reference,
    created_at: iso(row.created_at),
    reason: row.category ?? row.subject,
    message: row.body,
    reporter:
      row.reporter_id === null ? null : { id: row.reporter_id, name: row.reporter_name ?? '' },
    contact_email: kind === 'complaint' && row.reporter_id === null ? row.email : null,
    member:
      row.reported_member_id === null
        ? null
        : { id: row.reported_member_id, name: row.member_name ?? '' },
    has_screenshot: row.screenshot !== null,
    handled: row.handled_at !== null,
  };
}
