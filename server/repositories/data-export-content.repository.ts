/**
 * What goes into a member's data export: their own rows only. Other members appear by id and
 * name alone (never their e-mail, birth date or anything they wrote to someone else).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { NotificationSettingsTable } from './push.repository';

type ExportDb = Database & { notification_settings: NotificationSettingsTable };

/** Epoch milliseconds as ISO text; null stays null. */
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Another member as the export names them. */
export interface NamedMember {
  id: number;
  name: string;
}

/** A like between the member and another member. */
export interface ExportLike {
  member: NamedMember;
  liked_at: string | null;
}

/** Reads one member's data for their export. */
export class DataExportContentRepository {
  private readonly db: Kysely<ExportDb>;

  constructor(db: Kysely<Database>) {
    this.db = db.withTables<{ notification_settings: NotificationSettingsTable }>();
  }

  /** The account, its profile fields, notes and settings; undefined for a deleted member. */
  async profile(memberId: number) {
    const m = await this.db
      .selectFrom('members')
      .selectAll()
      .where('id', '=', memberId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!m) return undefined;
    const [fields, notes, settings] = await Promise.all([
      this.db
        .selectFrom('member_fields')
        .select(['name', 'value'])
        .where('member_id', '=', memberId)
        .orderBy('name')
        .execute(),
      this.db
        .selectFrom('member_notes')
        .select(['name', 'value'])
        .where('member_id', '=', memberId)
        .orderBy('name')
        .execute(),
      this.db
        .selectFrom('notification_settings')
        .select(['email_messages', 'email_likes'])
        .where('member_id', '=', memberId)
        .executeTakeFirst(),
    ]);
    return {
      account: {
        id: m.id,
        email: m.email,
        status: m.status,
        role: m.role,
        stats_access: Boolean(m.stats_access),
        language: m.language,
        signup_date: iso(m.signup_date),
        last_active: iso(m.last_active),
        credits: m.credits,
        credit_debt: m.credit_debt,
        paid_user: Boolean(m.paid_user),
        premium_until: iso(m.premium_until),
        trafficsource: m.trafficsource,
        // The lander the account was created on ('' elsewhere).
        signup_design: m.signup_design,
        signup_slug: m.signup_slug,
        referrer: m.referrer,
        timezone: m.timezone,
      },
      profile: {
        name: m.name,
        gender: m.gender,
        date_of_birth: m.date_of_birth,
        country: m.country,
        countryregion: m.countryregion,
        city: m.city,
        personal: m.personal,
        fields: Object.fromEntries(fields.map((f) => [f.name, f.value])),
      },
      notes: Object.fromEntries(notes.map((n) => [n.name, n.value])),
      settings: {
        email_messages: settings ? Boolean(settings.email_messages) : true,
        email_likes: settings ? Boolean(settings.email_likes) : true,
        lander_opt_out: Boolean(m.lander_opt_out),
      },
    };
  }

  /** Members the member likes now, newest first. */
  async likesGiven(memberId: number): Promise<ExportLike[]> {
    const rows = await this.db
      .selectFrom('likes as l')
      .innerJoin('members as m', 'm.id', 'l.profile_id')
      .select(['m.id', 'm.name', 'l.updated_at'])
      .where('l.member_id', '=', memberId)
      .where('l.liked', '=', true)
      .orderBy('l.updated_at', 'desc')
      .orderBy('m.id', 'desc')
      .execute();
    return rows.map((r) => ({ member: { id: r.id, name: r.name }, liked_at: iso(r.updated_at) }));
  }

  /** Members who like the member now, newest first. */
  async likesReceived(memberId: number): Promise<ExportLike[]> {
    const rows = await this.db
      .selectFrom('likes as l')
      .innerJoin('members as m', 'm.id', 'l.member_id')
      .select(['m.id', 'm.name', 'l.updated_at'])
      .where('l.profile_id', '=', memberId)
      .where('l.liked', '=', true)
      .where('m.deleted_at', 'is', null)
      .orderBy('l.updated_at', 'desc')
      .orderBy('m.id', 'desc')
      .execute();
    return rows.map((r) => ({ member: { id: r.id, name: r.name }, liked_at: iso(r.updated_at) }));
  }

  /** The member's conversations with every message in them, oldest message first. */
  async conversations(memberId: number) {
    const rows = await this.db
      .selectFrom('conversations as c')
      .leftJoin('conversation_members as mine', (join) =>
        join.onRef('mine.conversation_id', '=', 'c.id').on('mine.member_id', '=', memberId),
      )
      .select(['c.id', 'c.created_at', 'c.member_a', 'c.member_b', 'mine.deleted_at'])
      .where((eb) => eb.or([eb('c.member_a', '=', memberId), eb('c.member_b', '=', memberId)]))
      .orderBy('c.id')
      .execute();
    const others = rows.map((r) => (r.member_a === memberId ? r.member_b : r.member_a));
    const names = new Map(
      others.length === 0
        ? []
        : (
            await this.db
              .selectFrom('members')
              .select(['id', 'name'])
              .where('id', 'in', [...new Set(others)])
              .execute()
          ).map((m) => [m.id, m.name]),
    );
    const seats = rows.map((r, i) => {
      const other = others[i]!;
      return { ...r, other_id: other, other_name: names.get(other) ?? '' };
    });
    const ids = seats.map((s) => s.id);
    const messages =
      ids.length === 0
        ? []
        : await this.db
            .selectFrom('messages')
            .select([
              'id',
              'conversation_id',
              'sender_id',
              'body',
              'created_at',
              'delivered_at',
              'read_at',
            ])
            .where('conversation_id', 'in', ids)
            .orderBy('id')
            .execute();
    return seats.map((s) => ({
      id: s.id,
      with: { id: s.other_id, name: s.other_name },
      started_at: iso(s.created_at),
      deleted_from_my_list_at: iso(s.deleted_at),
      messages: messages
        .filter((msg) => msg.conversation_id === s.id)
        .map((msg) => ({
          id: msg.id,
          direction: msg.sender_id === memberId ? 'sent' : 'received',
          text: msg.body,
          sent_at: iso(msg.created_at),
          delivered_at: iso(msg.delivered_at),
          read_at: iso(msg.read_at),
        })),
    }));
  }
}
