/**
 * One member as the moderation console judges them: the profile without e-mail or password data,
 * every photo with its review state, the ban in force and the audit log of what moderators did.
 */
import type { Kysely } from 'kysely';
import type { Language } from '../../src/shared/contract/fields';
import type {
  ModeratedMember,
  ModerationAction,
  ModerationAuditEntry,
} from '../../src/shared/contract/moderation';
import type { Database } from '../db/schema';
import { ageOn } from '../lib/dates';

/** Audit entries the member view shows at most, newest first. */
export const AUDIT_LIMIT = 200;

/** Where and how a warning reaches the member. */
export interface WarnTarget {
  email: string;
  name: string;
  language: Language;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Reads members, their bans and their audit log for the console. */
export class ModerationMemberRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The member as the console shows them, or undefined for an unknown id. */
  async member(id: number, today: string): Promise<ModeratedMember | undefined> {
    const [row, photos, ban] = await Promise.all([
      this.db
        .selectFrom('members')
        .select([
          'id',
          'name',
          'date_of_birth',
          'gender',
          'city',
          'country',
          'personal',
          'status',
          'deleted_at',
          'search_hidden',
          'role',
          'signup_date',
        ])
        .where('id', '=', id)
        .executeTakeFirst(),
      this.db
        .selectFrom('images')
        .select(['id', 'thumb_filename', 'filename', 'review'])
        .where('member_id', '=', id)
        .orderBy('id')
        .execute(),
      this.activeBan(id),
    ]);
    if (!row) return undefined;
    return {
      id: row.id,
      name: row.name,
      age: row.date_of_birth ? ageOn(row.date_of_birth, today) : null,
      gender: row.gender,
      city: row.city,
      country: row.country,
      personal: row.personal,
      status: row.deleted_at !== null ? 'deleted' : row.status,
      search_hidden: Boolean(row.search_hidden),
      moderator: row.role === 'moderator',
      signup_date: iso(row.signup_date),
      photos,
      ban:
        row.status === 'banned' && ban ? { reason: ban.reason, since: iso(ban.created_at) } : null,
    };
  }

  /** The newest ban not lifted yet. */
  async activeBan(memberId: number) {
    return this.db
      .selectFrom('bans')
      .select(['id', 'reason', 'previous_status', 'created_at'])
      .where('member_id', '=', memberId)
      .where('lifted_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /** What moderators did about the member, newest first. */
  async audit(memberId: number): Promise<ModerationAuditEntry[]> {
    const rows = await this.auditRows()
      .where('a.member_id', '=', memberId)
      .orderBy('a.id', 'desc')
      .limit(AUDIT_LIMIT)
      .execute();
    return rows.map(toAuditEntry);
  }

  /** One audit entry by id. */
  async auditEntry(id: number): Promise<ModerationAuditEntry | undefined> {
    const row = await this.auditRows().where('a.id', '=', id).executeTakeFirst();
    return row && toAuditEntry(row);
  }

  /** The address, name and language a warning mail goes to. */
  async warnTarget(memberId: number): Promise<WarnTarget | undefined> {
    const row = await this.db
      .selectFrom('members')
      .select(['email', 'name', 'language'])
      .where('id', '=', memberId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row && { email: row.email, name: row.name, language: row.language as Language };
  }

  /** The member's conversations and the other member of each, whose chat lists a ban changes. */
  async conversationPartners(
    memberId: number,
  ): Promise<Array<{ conversation: number; member: number }>> {
    const rows = await this.db
      .selectFrom('conversations')
      .select(['id', 'member_a', 'member_b'])
      .where((eb) => eb.or([eb('member_a', '=', memberId), eb('member_b', '=', memberId)]))
      .execute();
    return rows.map((c) => ({
      conversation: c.id,
      member: c.member_a === memberId ? c.member_b : c.member_a,
    }));
  }

  private auditRows() {
    return this.db
      .selectFrom('moderation_actions as a')
      .innerJoin('members as mod', 'mod.id', 'a.moderator_id')
      .select([
        'a.id',
        'a.action',
        'a.reason',
        'a.moderator_id',
        'mod.name as moderator_name',
        'a.member_id',
        'a.complaint_id',
        'a.image_id',
        'a.created_at',
      ]);
  }
}

/** A moderation_actions row with its moderator's name. */
interface AuditRow {
  id: number;
  action: string;
  reason: string;
  moderator_id: number;
  moderator_name: string;
  member_id: number | null;
  complaint_id: number | null;
  image_id: number | null;
  created_at: number;
}

function toAuditEntry(row: AuditRow): ModerationAuditEntry {
  return {
    id: row.id,
    action: row.action as ModerationAction,
    reason: row.reason,
    moderator: { id: row.moderator_id, name: row.moderator_name },
    member_id: row.member_id,
    complaint_id: row.complaint_id,
    image_id: row.image_id,
    created_at: iso(row.created_at),
  };
}
