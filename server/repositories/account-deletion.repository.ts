/**
 * Deleting an account for good, in one transaction. What goes and what stays:
 * - gone: profile fields, notes, photos (rows here, files by the caller), likes given and
 *   received, blocks either way, conversations with every message in them, sessions, tokens,
 *   push subscriptions, notifications, their settings and mail state, client action replays,
 *   outbox mails and data exports (rows here, ZIP files by the caller);
 * - anonymised: complaints the member filed (no reporter, no address);
 * - kept: the `members` row as a tombstone (id, status `deleted`, dates, credits, language) with
 *   every personal column emptied and the address replaced by its hash (lib/email-tombstone.ts),
 *   so the address still reads `deleted`; the credit ledger and orders, which bookkeeping needs
 *   and which name nobody but that id; complaints about the member, for moderation; the stats
 *   and postback rows of their conversions, which never named them (the figures stay).
 * Conversations are deleted rather than anonymised: every list already hides a deleted member's
 * conversations from the other side (chats.repository.ts), so keeping them would keep the
 * deleted member's words where no one may read them.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { emailTombstone } from '../lib/email-tombstone';
import type { NotificationSettingsTable } from './push.repository';

/** What the caller still has to do after the commit: files to remove, members to tell. */
export interface DeletedAccount {
  /** Photo and thumbnail file names under the uploads folder. */
  files: string[];
  /** Conversations that vanished, with the other member of each. */
  conversations: Array<{ conversation: number; member: number }>;
  /** Members the deleted member liked. */
  liked: number[];
  /** Members who liked the deleted member. */
  likedBy: number[];
  /** ZIP names of the member's data exports under the exports folder. */
  exportFiles: string[];
}

/** Per-member tables of later migrations (004, 006), typed where their repositories use them. */
type LaterTables = {
  notification_settings: NotificationSettingsTable;
  notification_mail_state: { member_id: number };
};

type Trx = Transaction<Database & LaterTables>;

/** Deletes accounts. */
export class AccountDeletionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Deletes the member's data and leaves a tombstone; undefined when already deleted or unknown. */
  async delete(memberId: number, now: number): Promise<DeletedAccount | undefined> {
    const db = this.db.withTables<LaterTables>();
    return db.transaction().execute(async (trx) => {
      const member = await trx
        .selectFrom('members')
        .select('email')
        .where('id', '=', memberId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!member) return undefined;
      const files = await deleteImages(trx, memberId);
      const conversations = await deleteConversations(trx, memberId);
      const { liked, likedBy } = await deleteLikes(trx, memberId);
      const exportFiles = await deleteExports(trx, memberId);
      await trx
        .deleteFrom('blocks')
        .where((eb) => eb.or([eb('member_id', '=', memberId), eb('blocked_id', '=', memberId)]))
        .execute();
      for (const table of [
        'member_fields',
        'member_notes',
        'sessions',
        'tokens',
        'push_subscriptions',
        'notifications',
        'notification_settings',
        'notification_mail_state',
        'client_actions',
        'mail_outbox',
      ] as const) {
        await trx.deleteFrom(table).where('member_id', '=', memberId).execute();
      }
      await trx
        .updateTable('complaints')
        .set({ reporter_id: null, email: null })
        .where('reporter_id', '=', memberId)
        .execute();
      await trx
        .updateTable('members')
        .set({
          email: emailTombstone(member.email),
          // No argon2 hash verifies against an empty string: nobody logs in as a tombstone.
          password_hash: '',
          name: '',
          status: 'deleted',
          gender: null,
          date_of_birth: null,
          country: null,
          countryregion: null,
          city: null,
          personal: null,
          main_image_id: null,
          last_signup_step: false,
          mailprovider: 0,
          trafficsource: null,
          signup_design: '',
          signup_slug: '',
          stats_access: false,
          referrer: null,
          timezone: null,
          last_active: now,
          deleted_at: now,
        })
        .where('id', '=', memberId)
        .execute();
      // Last: the deletions above moved the member's own list counters too (migration 014).
      await trx.deleteFrom('member_lists').where('member_id', '=', memberId).execute();
      return { files, conversations, liked, likedBy, exportFiles };
    });
  }
}

/** The member's data exports go with the account; their ZIPs are removed by the caller. */
async function deleteExports(trx: Trx, memberId: number): Promise<string[]> {
  const rows = await trx
    .selectFrom('data_exports')
    .select('filename')
    .where('member_id', '=', memberId)
    .execute();
  await trx.deleteFrom('data_exports').where('member_id', '=', memberId).execute();
  return rows.flatMap((r) => (r.filename ? [r.filename] : []));
}

async function deleteImages(trx: Trx, memberId: number): Promise<string[]> {
  const images = await trx
    .selectFrom('images')
    .select(['filename', 'thumb_filename'])
    .where('member_id', '=', memberId)
    .execute();
  await trx
    .updateTable('members')
    .set({ main_image_id: null })
    .where('id', '=', memberId)
    .execute();
  await trx.deleteFrom('images').where('member_id', '=', memberId).execute();
  return images.flatMap((i) => [i.filename, i.thumb_filename]);
}

/** Deletes the member's conversations, their seats and messages (explicitly, not by cascade). */
async function deleteConversations(trx: Trx, memberId: number) {
  const rows = await trx
    .selectFrom('conversations')
    .select(['id', 'member_a', 'member_b'])
    .where((eb) => eb.or([eb('member_a', '=', memberId), eb('member_b', '=', memberId)]))
    .execute();
  const ids = rows.map((r) => r.id);
  if (ids.length > 0) {
    await trx.deleteFrom('messages').where('conversation_id', 'in', ids).execute();
    await trx.deleteFrom('conversation_members').where('conversation_id', 'in', ids).execute();
    await trx.deleteFrom('conversations').where('id', 'in', ids).execute();
  }
  return rows.map((r) => ({
    conversation: r.id,
    member: r.member_a === memberId ? r.member_b : r.member_a,
  }));
}

async function deleteLikes(trx: Trx, memberId: number) {
  const rows = await trx
    .selectFrom('likes')
    .select(['member_id', 'profile_id'])
    .where('liked', '=', true)
    .where((eb) => eb.or([eb('member_id', '=', memberId), eb('profile_id', '=', memberId)]))
    .execute();
  await trx
    .deleteFrom('likes')
    .where((eb) => eb.or([eb('member_id', '=', memberId), eb('profile_id', '=', memberId)]))
    .execute();
  return {
    liked: rows.filter((r) => r.member_id === memberId).map((r) => r.profile_id),
    likedBy: rows.filter((r) => r.profile_id === memberId).map((r) => r.member_id),
  };
}
