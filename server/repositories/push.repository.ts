/**
 * Web push subscriptions (one row per browser endpoint, owned by one member) and what a push needs
 * to name its sender; plus the per-member e-mail notification switches of migration 004.
 */
import type { Kysely } from 'kysely';
import type { NotificationSettings } from '../../src/shared/contract/account';
import type { Bool, Database, Millis } from '../db/schema';
import { VISIBLE_MEMBER } from './member-sql';

/** A browser's push subscription as web-push takes it. */
export interface StoredSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Table of migration 004; kept here so the shared schema file stays as it is. */
export interface NotificationSettingsTable {
  member_id: number;
  email_messages: Bool;
  email_likes: Bool;
  updated_at: Millis;
}

/** Every switch is on until the member turns it off. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  email_messages: true,
  email_likes: true,
};

/** What a notification says about a member. */
export interface PushMember {
  name: string;
  language: string;
}

/** SQL of push subscriptions and notification settings. */
export class PushRepository {
  private readonly settingsDb: Kysely<
    Database & { notification_settings: NotificationSettingsTable }
  >;

  constructor(private readonly db: Kysely<Database>) {
    this.settingsDb = db.withTables<{ notification_settings: NotificationSettingsTable }>();
  }

  /** Stores a subscription for `memberId`; an endpoint already known (any member) moves to them. */
  async save(memberId: number, sub: StoredSubscription, now: number): Promise<void> {
    await this.db
      .insertInto('push_subscriptions')
      .values({
        member_id: memberId,
        endpoint: sub.endpoint,
        p256dh: sub.keys.p256dh,
        auth: sub.keys.auth,
        created_at: now,
      })
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({
          member_id: memberId,
          p256dh: sub.keys.p256dh,
          auth: sub.keys.auth,
          created_at: now,
        }),
      )
      .execute();
  }

  /** Removes the member's subscription of `endpoint`; false when they had none. */
  async remove(memberId: number, endpoint: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('push_subscriptions')
      .where('member_id', '=', memberId)
      .where('endpoint', '=', endpoint)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Removes an endpoint the push service says is gone (404/410), whoever owns it. */
  async removeEndpoint(endpoint: string): Promise<void> {
    await this.db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
  }

  /** The member's subscriptions, oldest first; none while the member is banned or deleted. */
  async listFor(memberId: number): Promise<StoredSubscription[]> {
    const rows = await this.db
      .selectFrom('push_subscriptions as p')
      .innerJoin('members as m', 'm.id', 'p.member_id')
      .select(['p.endpoint', 'p.p256dh', 'p.auth'])
      .where('p.member_id', '=', memberId)
      .where(VISIBLE_MEMBER)
      .orderBy('p.id')
      .execute();
    return rows.map((r) => ({ endpoint: r.endpoint, keys: { p256dh: r.p256dh, auth: r.auth } }));
  }

  /**
   * Name and language of a member, for the text of a notification; null for a banned or deleted
   * member, whom nobody hears about.
   */
  async member(memberId: number): Promise<PushMember | null> {
    const row = await this.db
      .selectFrom('members as m')
      .select(['m.name', 'm.language'])
      .where('m.id', '=', memberId)
      .where(VISIBLE_MEMBER)
      .executeTakeFirst();
    return row ?? null;
  }

  /** The newest message of a conversation, for events that do not carry it. */
  async lastMessage(conversationId: number): Promise<{ sender: number; body: string } | null> {
    const row = await this.db
      .selectFrom('messages')
      .select(['sender_id', 'body'])
      .where('conversation_id', '=', conversationId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? { sender: row.sender_id, body: row.body } : null;
  }

  /** The member's e-mail notification switches (defaults when never saved). */
  async notificationSettings(memberId: number): Promise<NotificationSettings> {
    const row = await this.settingsDb
      .selectFrom('notification_settings')
      .select(['email_messages', 'email_likes'])
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    if (!row) return { ...DEFAULT_NOTIFICATION_SETTINGS };
    return { email_messages: Boolean(row.email_messages), email_likes: Boolean(row.email_likes) };
  }

  /** Saves the switches given in `patch`, keeping the others; returns the result. */
  async updateNotificationSettings(
    memberId: number,
    patch: Partial<NotificationSettings>,
    now: number,
  ): Promise<NotificationSettings> {
    const next = { ...(await this.notificationSettings(memberId)), ...patch };
    await this.settingsDb
      .insertInto('notification_settings')
      .values({ member_id: memberId, ...next, updated_at: now })
      .onConflict((oc) => oc.column('member_id').doUpdateSet({ ...next, updated_at: now }))
      .execute();
    return next;
  }
}
