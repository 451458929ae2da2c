/**
 * The admin commands behind `npm run admin -- <command>`: the only way an account becomes a
 * moderator or may read the stats (there is no default holder of either and no default password).
 * Pure over a database, so tests run them on their own store. Backup and restore live in
 * server/backup/command.ts.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import {
  ModerationRolesRepository,
  type RoleHolder,
} from '../repositories/moderation-roles.repository';
import { PostbackOutboxRepository } from '../repositories/postback-outbox.repository';
import { StatsRolesRepository } from '../repositories/stats-roles.repository';

/** How to call the admin CLI. */
export const ADMIN_USAGE = [
  'Usage: npm run admin -- <command>',
  '  grant-moderator <email>   make the account a moderator (it may open /moderation)',
  '  revoke-moderator <email>  make the moderator an ordinary member again',
  '  list-moderators           list every moderator',
  '  grant-stats <email>       let the account open the stats console (/moderation/stats)',
  '  revoke-stats <email>      take the stats console away from the account',
  '  list-stats                list every account that may open the stats console',
  '  resend-postbacks [network]  send the postbacks given up after every retry again (of one',
  '                            network, or all), starting now with a new round of retries',
  '  backup <dir>              write a consistent backup of the site (it may be running) into a',
  '                            new or empty folder: database, keys, member files, manifest.json',
  '  restore <dir>             restore a backup into an empty DATA_DIR and an empty database or',
  '                            schema; the next server start migrates it',
].join('\n');

/** Commands that run before the database is opened: a restore needs an empty, unmigrated target. */
export const BACKUP_COMMANDS: readonly string[] = ['backup', 'restore'];

/** What a command printed and the exit code it asks for (0 done, 1 refused, 2 bad usage). */
export interface AdminResult {
  code: 0 | 1 | 2;
  lines: string[];
}

/** What a line of the admin commands says of an account. */
type RoleHolderLine = Pick<RoleHolder, 'id' | 'email' | 'name' | 'status'>;

const describe = (m: RoleHolderLine) => `#${m.id} ${m.email} (${m.name}, ${m.status})`;

/** A role the admin commands grant and take away, and the words they report it with. */
interface Grantable {
  /** The account with this address, and whether it holds the role. */
  find(email: string): Promise<(RoleHolderLine & { holds: boolean }) | undefined>;
  set(id: number, grant: boolean): Promise<void>;
  /** e.g. `a moderator` after `is already`, `is not`, `is now`, `is no longer`. */
  words: { role: string; already: string; not: string; now: string; noLonger: string };
}

const moderatorRole = (roles: ModerationRolesRepository): Grantable => ({
  find: async (email) => {
    const m = await roles.findByEmail(email);
    return m && { ...m, holds: m.role === 'moderator' };
  },
  set: (id, grant) => roles.setRole(id, grant ? 'moderator' : 'member'),
  words: {
    role: 'a moderator',
    already: 'is already',
    not: 'is not',
    now: 'is now',
    noLonger: 'is no longer',
  },
});

const statsRole = (roles: StatsRolesRepository): Grantable => ({
  find: async (email) => {
    const m = await roles.findByEmail(email);
    return m && { ...m, holds: m.stats };
  },
  set: (id, grant) => roles.setAccess(id, grant),
  words: {
    role: 'open the stats',
    already: 'may already',
    not: 'may not',
    now: 'may now',
    noLonger: 'may no longer',
  },
});

async function setRole(
  role: Grantable,
  rawEmail: string | undefined,
  grant: boolean,
): Promise<AdminResult> {
  const email = rawEmail?.trim().toLowerCase();
  if (!email) return { code: 2, lines: [ADMIN_USAGE] };
  const member = await role.find(email);
  if (!member) return { code: 1, lines: [`No account uses ${email}.`] };
  if (grant && member.status === 'banned') {
    return { code: 1, lines: [`${describe(member)} is banned; unban the account first.`] };
  }
  const { words } = role;
  if (member.holds === grant) {
    const state = grant ? words.already : words.not;
    return { code: 0, lines: [`${describe(member)} ${state} ${words.role}.`] };
  }
  await role.set(member.id, grant);
  const change = grant ? words.now : words.noLonger;
  return { code: 0, lines: [`${describe(member)} ${change} ${words.role}.`] };
}

/** Runs one command (`args` as typed after `--`) against the database. */
export async function runAdminCommand(
  db: Kysely<Database>,
  args: readonly string[],
): Promise<AdminResult> {
  const roles = new ModerationRolesRepository(db);
  const [command, value, ...extra] = args;
  if (extra.length > 0) return { code: 2, lines: [ADMIN_USAGE] };
  switch (command) {
    case 'grant-moderator':
      return setRole(moderatorRole(roles), value, true);
    case 'revoke-moderator':
      return setRole(moderatorRole(roles), value, false);
    case 'list-moderators': {
      if (value !== undefined) return { code: 2, lines: [ADMIN_USAGE] };
      const moderators = await roles.moderators();
      return {
        code: 0,
        lines: moderators.length === 0 ? ['No moderators yet.'] : moderators.map(describe),
      };
    }
    case 'grant-stats':
      return setRole(statsRole(new StatsRolesRepository(db)), value, true);
    case 'revoke-stats':
      return setRole(statsRole(new StatsRolesRepository(db)), value, false);
    case 'list-stats': {
      if (value !== undefined) return { code: 2, lines: [ADMIN_USAGE] };
      const holders = await new StatsRolesRepository(db).holders();
      return {
        code: 0,
        lines: holders.length === 0 ? ['No stats readers yet.'] : holders.map(describe),
      };
    }
    case 'resend-postbacks': {
      const network = value?.trim() || undefined;
      const count = await new PostbackOutboxRepository(db).retryFailed(Date.now(), network);
      const of = network === undefined ? '' : ` of ${network}`;
      const noun = count === 1 ? 'postback' : 'postbacks';
      return { code: 0, lines: [`${count} given-up ${noun}${of} will be sent again.`] };
    }
    default:
      return { code: 2, lines: [ADMIN_USAGE] };
  }
}
