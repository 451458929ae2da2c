/**
 * `npm run admin -- …`: granting, revoking and listing moderators is the only way to make one
 * (the seed and the demo accounts make none); the CLI itself runs as a child process on the
 * SQLite file the server uses.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserResponse } from '../../src/shared/contract/account';
import { runAdminCommand } from '../../server/admin/commands';
import { ROOT_DIR } from '../../server/config';
import { startOfToday } from '../../server/seed/generate';
import { seedMembers } from '../../server/seed/seed';
import { as } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';
import { account, getQueue } from './moderation-calls';
import { getStats } from './stats-calls';

const run = promisify(execFile);

for (const engine of ENGINES) {
  describe(`admin commands (${engine})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(engine);
    });
    afterAll(() => t.close());

    const roleOf = async (id: number) =>
      (
        await t.app.db
          .selectFrom('members')
          .select('role')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).role;

    it('has no moderator until one is granted, not even after seeding the demo data', async () => {
      await seedMembers(t.app.db, {
        store: t.app.storage,
        members: 20,
        avatarsPerGender: 1,
        now: startOfToday(),
        log: () => {},
      });
      expect(await runAdminCommand(t.app.db, ['list-moderators'])).toEqual({
        code: 0,
        lines: ['No moderators yet.'],
      });
    });

    it('grants and revokes the role by e-mail address, and the console follows', async () => {
      const member = await account(t.app, { name: 'Ada' });
      const user = async () =>
        UserResponse.parse(
          (await t.app.inject({ url: '/api/user.php', ...as(member.cookie) })).json(),
        ).user;
      expect((await user()).moderator).toBeUndefined();
      expect((await getQueue(t.app, member.cookie)).statusCode).toBe(404);

      const granted = await runAdminCommand(t.app.db, [
        'grant-moderator',
        `  ${member.email.toUpperCase()} `,
      ]);
      expect(granted.code).toBe(0);
      expect(granted.lines[0]).toContain('is now a moderator');
      expect(await roleOf(member.id)).toBe('moderator');
      expect((await user()).moderator).toBe(true);
      expect((await getQueue(t.app, member.cookie)).statusCode).toBe(200);
      const again = await runAdminCommand(t.app.db, ['grant-moderator', member.email]);
      expect(again).toMatchObject({ code: 0, lines: [expect.stringContaining('already')] });

      const listed = await runAdminCommand(t.app.db, ['list-moderators']);
      expect(listed.lines).toEqual([`#${member.id} ${member.email} (Ada, active)`]);

      const revoked = await runAdminCommand(t.app.db, ['revoke-moderator', member.email]);
      expect(revoked.lines[0]).toContain('is no longer a moderator');
      expect(await roleOf(member.id)).toBe('member');
      expect((await user()).moderator).toBeUndefined();
      expect((await getQueue(t.app, member.cookie)).statusCode).toBe(404);
    });

    it('refuses unknown, deleted and banned accounts, and bad usage', async () => {
      expect(
        (await runAdminCommand(t.app.db, ['grant-moderator', 'nobody@example.org'])).code,
      ).toBe(1);
      const gone = await account(t.app);
      await t.app.db
        .updateTable('members')
        .set({ status: 'deleted', deleted_at: Date.now() })
        .where('id', '=', gone.id)
        .execute();
      expect((await runAdminCommand(t.app.db, ['grant-moderator', gone.email])).code).toBe(1);
      const banned = await account(t.app);
      await t.app.db
        .updateTable('members')
        .set({ status: 'banned' })
        .where('id', '=', banned.id)
        .execute();
      expect((await runAdminCommand(t.app.db, ['grant-moderator', banned.email])).code).toBe(1);
      expect(await roleOf(banned.id)).toBe('member');
      for (const args of [
        [],
        ['grant-moderator'],
        ['make-admin', 'x@y.z'],
        ['list-moderators', 'x'],
      ]) {
        expect((await runAdminCommand(t.app.db, args)).code, args.join(' ')).toBe(2);
      }
    });

    it('grants, revokes and lists the stats role, which stats.php and user.php follow', async () => {
      const member = await account(t.app, { name: 'Cleo' });
      const user = async () =>
        UserResponse.parse(
          (await t.app.inject({ url: '/api/user.php', ...as(member.cookie) })).json(),
        ).user;
      const read = () => getStats(t.app, member.cookie, { from: '2026-01-01', to: '2026-01-02' });
      expect(await runAdminCommand(t.app.db, ['list-stats'])).toEqual({
        code: 0,
        lines: ['No stats readers yet.'],
      });
      expect((await read()).statusCode).toBe(404);

      const granted = await runAdminCommand(t.app.db, ['grant-stats', ` ${member.email} `]);
      expect(granted).toMatchObject({ code: 0, lines: [expect.stringContaining('may now')] });
      expect((await user()).stats).toBe(true);
      expect((await user()).moderator).toBeUndefined();
      expect((await read()).statusCode).toBe(200);
      expect(await runAdminCommand(t.app.db, ['grant-stats', member.email])).toMatchObject({
        lines: [expect.stringContaining('may already')],
      });
      expect((await runAdminCommand(t.app.db, ['list-stats'])).lines).toEqual([
        `#${member.id} ${member.email} (Cleo, active)`,
      ]);

      const revoked = await runAdminCommand(t.app.db, ['revoke-stats', member.email]);
      expect(revoked.lines[0]).toContain('may no longer');
      expect((await user()).stats).toBeUndefined();
      expect((await read()).statusCode).toBe(404);
      expect((await runAdminCommand(t.app.db, ['grant-stats', 'nobody@example.org'])).code).toBe(1);
      for (const args of [['grant-stats'], ['list-stats', 'x'], ['revoke-stats']]) {
        expect((await runAdminCommand(t.app.db, args)).code, args.join(' ')).toBe(2);
      }
    });

    it.runIf(engine === 'sqlite')(
      'runs as `npm run admin` on the database the server opens',
      async () => {
        const member = await account(t.app);
        const cli = (...args: string[]) =>
          run(
            process.execPath,
            ['--import', 'tsx', resolve(ROOT_DIR, 'server/admin/cli.ts'), ...args],
            {
              cwd: ROOT_DIR,
              // Only what a shell would pass: vitest's own variables (e.g. BASE_URL '/') are not config.
              env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: t.config.dataDir },
            },
          );
        const granted = await cli('grant-moderator', member.email);
        expect(granted.stdout).toContain('is now a moderator');
        expect(await roleOf(member.id)).toBe('moderator');
        expect((await getQueue(t.app, member.cookie)).statusCode).toBe(200);
        await expect(cli('grant-moderator', 'nobody@example.org')).rejects.toMatchObject({
          code: 1,
          stderr: expect.stringContaining('No account uses nobody@example.org') as string,
        });
      },
      60_000,
    );
  });
}
