/** Members: accounts, the logged-in user object and profile edits. All member SQL lives here. */
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { EmailStatus, User, UserProfile } from '../../src/shared/contract/account';
import type { Gender, Image, Language } from '../../src/shared/contract/fields';
import { prepared } from '../db/prepared';
import type { Database, MemberStatus, MembersTable } from '../db/schema';
import { emailTombstone } from '../lib/email-tombstone';
import { attributionOf } from '../lib/stats-dimensions';
import {
  claimMemberConversion,
  memberAttribution,
  recordConversion,
} from './conversions.repository';
import { MAIL_CHANGE_TOKEN } from './mail.repository';
import { memberExtras } from './member-sql';

/** What a sign-up stores. */
export interface NewMember {
  email: string;
  passwordHash: string;
  name: string;
  language: Language;
  country: string | null;
  trafficsource: string | null;
  referrer: string | null;
  timezone: string | null;
  mailprovider: number;
  /** The lander the account was created on ('' elsewhere): the dimensions of its conversions. */
  signupDesign: string;
  signupSlug: string;
  now: number;
}

/** What a login needs to decide. */
export interface Credentials {
  id: number;
  passwordHash: string;
  canLogIn: boolean;
}

/** Columns a profile edit may change, already validated. */
export interface ProfilePatch {
  name?: string;
  country?: string | null;
  countryregion?: number | null;
  city?: string | null;
  gender?: Gender | null;
  date_of_birth?: string | null;
  personal?: string | null;
  language?: Language;
  lastSignupStep?: boolean;
  /** An empty value removes the field. */
  fields?: Record<string, string>;
  notes?: Record<string, string>;
}

/** The searcher's own data that search defaults derive from. */
export interface SearchBasics {
  gender: Gender | null;
  country: string | null;
  date_of_birth: string | null;
}

const LOGIN_BLOCKED: ReadonlySet<MemberStatus> = new Set(['deleted', 'banned']);

/**
 * Maps a members row to the email-check status of SPEC §3. A banned address answers `active`
 * ("log in"): it stays taken, and only a login with its password tells of the ban and why.
 */
function emailStatusOf(row: { status: MemberStatus; deleted_at: number | null }): EmailStatus {
  if (row.deleted_at !== null || row.status === 'deleted') return 'deleted';
  return row.status === 'active' || row.status === 'banned' ? 'active' : 'not_confirmed';
}

/**
 * The member's newest e-mail change still waiting for its link, as a subquery of a statement that
 * reads the members table (the user.php poll's row, and the session read that carries its state).
 */
export const pendingMailChange = (eb: ExpressionBuilder<Database, 'members'>, now: number) =>
  eb
    .selectFrom('tokens')
    .whereRef('tokens.member_id', '=', 'members.id')
    .where('tokens.kind', '=', MAIL_CHANGE_TOKEN)
    .where('tokens.used_at', 'is', null)
    .where('tokens.expires_at', '>', now)
    .orderBy('tokens.created_at', 'desc')
    .limit(1);

/**
 * The member row behind every user.php answer with the address they asked to change to (the
 * newest unused, unexpired mail-change token): one statement, built once.
 */
const memberRow = prepared((db, p: { id: number; now: number }) =>
  db
    .selectFrom('members')
    .selectAll('members')
    .select((eb) => pendingMailChange(eb, p.now).select('tokens.data').as('pending_email'))
    .where('members.id', '=', p.id),
);

/**
 * What the user object's ETag is made of: the revision (migration 011) and the two things that
 * change it with time instead of a write: premium running out and a pending e-mail change
 * expiring. Also whether monthly premium credits are due (granting them is a write).
 */
const userStateRow = prepared((db, p: { id: number; now: number }) =>
  db
    .selectFrom('members')
    .select((eb) => [
      'members.revision',
      eb('members.premium_until', '>', p.now).as('premium'),
      eb('members.premium_allowance_at', '<=', p.now).as('allowance_due'),
      pendingMailChange(eb, p.now).select('tokens.expires_at').as('pending_until'),
    ])
    .where('members.id', '=', p.id),
);

/** The state a user object's ETag is made of (see userStateRow). */
export interface UserState {
  revision: number;
  premium: boolean;
  allowanceDue: boolean;
  /** Until when the shown pending e-mail change holds, or null without one. */
  pendingUntil: number | null;
}

/** The columns of a user state as both engines return them (booleans as 0/1 on SQLite). */
export interface UserStateRow {
  revision: number | string;
  premium: unknown;
  allowance_due: unknown;
  pending_until: number | string | null;
}

export function toUserState(row: UserStateRow): UserState {
  return {
    revision: Number(row.revision),
    premium: Boolean(row.premium),
    allowanceDue: Boolean(row.allowance_due),
    pendingUntil: row.pending_until == null ? null : Number(row.pending_until),
  };
}

/** Reads and writes members and their profile data. */
export class MemberRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Status of an email address: `new` when no account uses it. A deleted account is found by the
   * hash it keeps instead of the address (lib/email-tombstone.ts); a live account wins over one.
   */
  async emailStatus(email: string): Promise<EmailStatus> {
    const rows = await this.db
      .selectFrom('members')
      .select(['status', 'deleted_at'])
      .where('email', 'in', [email, emailTombstone(email)])
      .execute();
    const statuses = rows.map(emailStatusOf);
    return statuses.find((s) => s !== 'deleted') ?? statuses[0] ?? 'new';
  }

  async findCredentials(email: string): Promise<Credentials | undefined> {
    const row = await this.db
      .selectFrom('members')
      .select(['id', 'password_hash', 'status', 'deleted_at'])
      .where('email', '=', email)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      passwordHash: row.password_hash,
      canLogIn: row.deleted_at === null && !LOGIN_BLOCKED.has(row.status),
    };
  }

  /**
   * Creates a not yet confirmed member and counts the sign-up (its stats event and postback in the
   * same transaction); returns undefined when the email was taken meanwhile.
   */
  async create(m: NewMember): Promise<number | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('members')
        .values({
          email: m.email,
          password_hash: m.passwordHash,
          name: m.name,
          status: 'not_confirmed',
          language: m.language,
          country: m.country,
          trafficsource: m.trafficsource,
          referrer: m.referrer,
          timezone: m.timezone,
          mailprovider: m.mailprovider,
          signup_date: m.now,
          last_active: m.now,
          signup_design: m.signupDesign,
          signup_slug: m.signupSlug,
        })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) return undefined;
      const who = attributionOf({
        trafficsource: m.trafficsource,
        language: m.language,
        country: m.country,
        signup_design: m.signupDesign,
        signup_slug: m.signupSlug,
      });
      // Counted with the insert, which a second sign-up with the address does not make.
      await recordConversion(trx, who, [{ event: 'signup_started', postback: 'signup' }], m.now);
      return row.id;
    });
  }

  /**
   * The logged-in user object of SPEC §3, or undefined for an unknown id.
   */
  async getUser(
    id: number,
    opts: { fictionalIcon: boolean; now: number },
  ): Promise<User | undefined> {
    const row = await memberRow.first(this.db, { id, now: opts.now });
    if (!row) return undefined;
    const extras = await memberExtras(this.db, id, true);
    const images = extras.images.map(({ filename: _file, ...image }): Image => image);
    const { fields, notes } = extras;
    return {
      id: row.id,
      email: row.email,
      profile: toProfile(row, images, toRecord(fields), toRecord(notes)),
      mailprovider: row.mailprovider,
      fictional_icon: opts.fictionalIcon,
      loggedIn: true,
      // Premium makes a paying member (SPEC §6: no sponsored results) while it runs.
      paid_user: Boolean(row.paid_user) || (row.premium_until ?? 0) > opts.now,
      signup_date: new Date(row.signup_date).toISOString(),
      activated: row.status === 'active',
      credits: row.credits,
      premium_until: row.premium_until === null ? null : new Date(row.premium_until).toISOString(),
      ...(row.role === 'moderator' && { moderator: true }),
      ...(Boolean(row.stats_access) && { stats: true }),
      lander_opt_out: Boolean(row.lander_opt_out),
      pending_email: row.pending_email,
    };
  }

  /** The member's user state (see UserState); undefined for a member that is gone. */
  async userState(id: number, now: number): Promise<UserState | undefined> {
    const row = await userStateRow.first(this.db, { id, now });
    return row && toUserState(row);
  }

  async getSearchBasics(id: number): Promise<SearchBasics | undefined> {
    return this.db
      .selectFrom('members')
      .select(['gender', 'country', 'date_of_birth'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Applies a validated profile edit in one transaction. */
  async updateProfile(id: number, patch: ProfilePatch, now = Date.now()): Promise<void> {
    const columns = {
      ...(patch.name !== undefined && { name: patch.name }),
      ...(patch.country !== undefined && { country: patch.country }),
      ...(patch.countryregion !== undefined && { countryregion: patch.countryregion }),
      ...(patch.city !== undefined && { city: patch.city }),
      ...(patch.gender !== undefined && { gender: patch.gender }),
      ...(patch.date_of_birth !== undefined && { date_of_birth: patch.date_of_birth }),
      ...(patch.personal !== undefined && { personal: patch.personal }),
      ...(patch.language !== undefined && { language: patch.language }),
      ...(patch.lastSignupStep === false && { last_signup_step: false }),
    };
    await this.db.transaction().execute(async (trx) => {
      if (Object.keys(columns).length > 0) {
        await trx.updateTable('members').set(columns).where('id', '=', id).execute();
      }
      if (patch.lastSignupStep === true) await this.completeSignup(trx, id, now);
      for (const table of ['member_fields', 'member_notes'] as const) {
        const values = table === 'member_fields' ? patch.fields : patch.notes;
        for (const [name, value] of Object.entries(values ?? {})) {
          if (value === '') {
            await trx
              .deleteFrom(table)
              .where('member_id', '=', id)
              .where('name', '=', name)
              .execute();
          } else {
            await trx
              .insertInto(table)
              .values({ member_id: id, name, value })
              .onConflict((oc) =>
                oc
                  .columns(['member_id', 'name'])
                  .doUpdateSet({ value: (eb) => eb.ref('excluded.value') }),
              )
              .execute();
          }
        }
      }
    });
  }

  /**
   * Saves the last sign-up step; the first time a member ever saves it (the step may be reset and
   * saved again; of two concurrent saves one) counts the completed sign-up in the same transaction.
   */
  private async completeSignup(trx: Kysely<Database>, id: number, now: number): Promise<void> {
    const done = await trx
      .updateTable('members')
      .set({ last_signup_step: true })
      .where('id', '=', id)
      .where('last_signup_step', '=', false)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) return;
    if (!(await claimMemberConversion(trx, id, 'signup_completed'))) return;
    const who = await memberAttribution(trx, id);
    if (!who) return;
    await recordConversion(trx, who, [{ event: 'signup_completed' }], now);
  }

  /** Records activity, which orders search results. */
  async touch(id: number, now: number): Promise<void> {
    await this.db.updateTable('members').set({ last_active: now }).where('id', '=', id).execute();
  }
}

function toRecord(rows: Array<{ name: string; value: string }>): Record<string, string> {
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}

function toProfile(
  row: Selectable<MembersTable>,
  images: Image[],
  fields: Record<string, string>,
  notes: Record<string, string>,
): UserProfile {
  return {
    id: row.id,
    name: row.name,
    country: row.country,
    countryregion: row.countryregion,
    city: row.city,
    gender: row.gender,
    date_of_birth: row.date_of_birth,
    main_image: images.find((image) => image.id === row.main_image_id) ?? null,
    images,
    personal: row.personal,
    language: row.language as Language,
    lastSignupStep: Boolean(row.last_signup_step),
    fields,
    notes,
  };
}
