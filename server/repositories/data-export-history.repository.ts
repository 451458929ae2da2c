/**
 * The member's records for their data export: purchases, the credit ledger, logins, complaints
 * they filed and their photos. Internal references (payment provider ids, token hashes) stay out.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Epoch milliseconds as ISO text; null stays null. */
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A photo of the member and its file under the uploads folder. */
export interface ExportPhoto {
  id: number;
  filename: string;
  main: boolean;
  review: string;
  width: number;
  height: number;
  uploaded_at: string | null;
}

/** Reads one member's records for their export. */
export class DataExportHistoryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Purchases, oldest first, without the provider's internal references. */
  async transactions(memberId: number) {
    const rows = await this.db
      .selectFrom('transactions')
      .select([
        'id',
        'product',
        'package_id',
        'credits',
        'bonus_credits',
        'months',
        'monthly_credits',
        'amount',
        'list_amount',
        'currency',
        'discount_percent',
        'discount_code',
        'vat_rate_bp',
        'vat_amount',
        'country',
        'method',
        'provider',
        'status',
        'created_at',
        'paid_at',
        'refunded_at',
      ])
      .where('member_id', '=', memberId)
      .orderBy('id')
      .execute();
    return rows.map((t) => ({
      ...t,
      created_at: iso(t.created_at),
      paid_at: iso(t.paid_at),
      refunded_at: iso(t.refunded_at),
    }));
  }

  /** Every credit change, oldest first. */
  async ledger(memberId: number) {
    const rows = await this.db
      .selectFrom('credit_ledger')
      .select(['id', 'delta', 'reason', 'ref', 'created_at'])
      .where('member_id', '=', memberId)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ ...r, created_at: iso(r.created_at) }));
  }

  /** Login sessions (never their tokens), newest first. */
  async logins(memberId: number) {
    const rows = await this.db
      .selectFrom('sessions')
      .select(['created_at', 'last_seen_at', 'expires_at', 'user_agent', 'ended_reason'])
      .where('member_id', '=', memberId)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map((r) => ({
      created_at: iso(r.created_at),
      last_seen_at: iso(r.last_seen_at),
      expires_at: iso(r.expires_at),
      user_agent: r.user_agent,
      ended_reason: r.ended_reason,
    }));
  }

  /** Complaints and reports the member filed, oldest first; the member concerned by id only. */
  async complaints(memberId: number) {
    const rows = await this.db
      .selectFrom('complaints')
      .select([
        'id',
        'reference',
        'category',
        'subject',
        'body',
        'reported_member_id',
        'status',
        'screenshot',
        'created_at',
        'handled_at',
      ])
      .where('reporter_id', '=', memberId)
      .orderBy('id')
      .execute();
    return rows.map((c) => ({
      id: c.id,
      reference: c.reference,
      category: c.category ?? c.subject,
      text: c.body,
      member_concerned: c.reported_member_id,
      with_screenshot: c.screenshot !== null,
      status: c.handled_at === null ? 'open' : 'handled',
      filed_at: iso(c.created_at),
    }));
  }

  /** The member's photos (the full-size files, not the thumbnails). */
  async photos(memberId: number): Promise<ExportPhoto[]> {
    const [rows, member] = await Promise.all([
      this.db
        .selectFrom('images')
        .select(['id', 'filename', 'review', 'width', 'height', 'created_at'])
        .where('member_id', '=', memberId)
        .orderBy('id')
        .execute(),
      this.db
        .selectFrom('members')
        .select('main_image_id')
        .where('id', '=', memberId)
        .executeTakeFirst(),
    ]);
    return rows.map((r) => ({
      id: r.id,
      filename: r.filename,
      main: r.id === member?.main_image_id,
      review: r.review,
      width: r.width,
      height: r.height,
      uploaded_at: iso(r.created_at),
    }));
  }
}
