/**
 * Sessions keyed by the SHA-256 of the cookie token; a session of a deleted member is no session.
 * A ban keeps the member's sessions as rows (`ended_reason`), so their next call can say why.
 */
import type { Kysely } from 'kysely';
import { prepared } from '../db/prepared';
import type { Database } from '../db/schema';
import { toListRevisions, type ListRevisions } from './list-revision.repository';
import { pendingMailChange, toUserState, type UserState } from './member.repository';

/** A live session and the member it belongs to. */
export interface SessionRecord {
  memberId: number;
  expiresAt: number;
  lastSeenAt: number;
  /** The member is banned: the session no longer authenticates; calls answer 403 banned. */
  banned: boolean;
  /** What the member's polls are tagged by, read in the same statement (see activeSession). */
  revisions: MemberRevisions;
}

/** The state behind the tags of the user poll and the lists' polls (user-etag.ts, list-etag.ts). */
export interface MemberRevisions {
  user: UserState;
  lists: ListRevisions;
}

/** Why a session ended while its row stays (sessions.ended_reason). */
export const BANNED_SESSION = 'banned';

/**
 * Every /api request with a session cookie runs this one query, so it is built once. It also reads
 * what the polls' tags are made of, from the member row it joins anyway and the member's list
 * counters: an unchanged poll is then answered 304 after this one statement.
 */
const activeSession = prepared((db, p: { tokenHash: string; now: number }) =>
  db
    .selectFrom('sessions')
    .innerJoin('members', 'members.id', 'sessions.member_id')
    .leftJoin('member_lists', 'member_lists.member_id', 'sessions.member_id')
    .select((eb) => [
      'sessions.member_id',
      'sessions.expires_at',
      'sessions.last_seen_at',
      'sessions.ended_reason',
      'members.status',
      'members.revision',
      eb('members.premium_until', '>', p.now).as('premium'),
      eb('members.premium_allowance_at', '<=', p.now).as('allowance_due'),
      pendingMailChange(eb, p.now).select('tokens.expires_at').as('pending_until'),
      'member_lists.likes_revision',
      'member_lists.chats_revision',
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
   * One query: every /api request runs it. It carries the member's revisions as they were when read.
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
      revisions: {
        user: toUserState(row),
        lists: toListRevisions(row),
      },
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
