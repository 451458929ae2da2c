/**
 * Sessions keyed by the SHA-256 of the cookie token; a session of a deleted member is no session.
 * A ban keeps the member's sessions as rows (`ended_reason`), so their next call can say why.
 */
import type { Kysely } from 'kysely';
import { prepared } from '../db/prepared';
import type { Database } from '../db/schema';

/** A live session and the member it belongs to. */
export interface SessionRecord {
  memberId: number;
  expiresAt: number;
  lastSeenAt: number;
  /** The member is banned: the session no longer authenticates; calls answer 403 banned. */
  banned: boolean;
}

/** Why a session ended while its row stays (sessions.ended_reason). */
export const BANNED_SESSION = 'banned';

/** Every /api request with a session cookie runs this one query, so it is built once. */
const activeSession = prepared((db, p: { tokenHash: string; now: number }) =>
  db
    .selectFrom('sessions')
    .innerJoin('members', 'members.id', 'sessions.member_id')
    .select([
      'sessions.member_id',
      'sessions.expires_at',
      'sessions.last_seen_at',
      'sessions.ended_reason',
      'members.status',
    ])
    .where('sessions.token_hash', '=', p.tokenHash)
    .where('sessions.expires_at', '>', p.now)
    .where('members.deleted_at', 'is', null)
    .where('members.status', 'in', ['active', 'not_confirmed', 'banned']),
);

/** Stores sessions by token hash. */
export class SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(s: {
    tokenHash: string;
    memberId: number;
    now: number;
    expiresAt: number;
    userAgent: string | null;
  }): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({
        token_hash: s.tokenHash,
        member_id: s.memberId,
        created_at: s.now,
        expires_at: s.expiresAt,
        last_seen_at: s.now,
        user_agent: s.userAgent?.slice(0, 500) ?? null,
      })
      .execute();
  }

  /**
   * The unexpired session of a member who may still log in, or of a banned member (marked
   * `banned`). A session that ended for another reason, or whose ban was lifted, is no session.
   * One query: every /api request runs it.
   */
  async findActive(tokenHash: string, now: number): Promise<SessionRecord | undefined> {
    const row = await activeSession.first(this.db, { tokenHash, now });
    if (!row) return undefined;
    const banned = row.status === 'banned';
    if (!banned && row.ended_reason !== null) return undefined;
    return {
      memberId: row.member_id,
      expiresAt: row.expires_at,
      lastSeenAt: row.last_seen_at,
      banned,
    };
  }

  /** Slides the expiry forward. */
  async extend(tokenHash: string, now: number, expiresAt: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ last_seen_at: now, expires_at: expiresAt })
      .where('token_hash', '=', tokenHash)
      .execute();
  }

  async delete(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
  }

  /** Removes expired sessions; returns how many. */
  async deleteExpired(now: number): Promise<number> {
    const result = await this.db
      .deleteFrom('sessions')
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
