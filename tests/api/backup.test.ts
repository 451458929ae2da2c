/**
 * `npm run admin -- backup DIR` / `restore DIR` on both engines. Under write load: a real server
 * takes likes and messages while the backup command runs; everything acknowledged before the
 * backup began is back in a restored copy (a fresh folder and schema) that a new server serves to
 * a member who logs in. Then the refusals (non-empty targets, newer schema, bad checksum, missing
 * manifest), S3 (files stay in the bucket) and an older backup that the next start migrates.
 */
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupSite, type SiteLocation } from '../../server/backup/backup';
import { hashFile } from '../../server/backup/files-backup';
import { BackupRefusal, newestMigration, readManifest } from '../../server/backup/manifest';
import { restoreSite } from '../../server/backup/restore';
import { ROOT_DIR } from '../../server/config';
import { createDatabase, migrateToLatest, type Engine } from '../../server/db/database';
import { migrations } from '../../server/migrations/index';
import { SESSION_COOKIE } from '../../server/plugins/session';
import { BackupRepository } from '../../server/repositories/backup.repository';
import { DEMO2_EMAIL, DEMO_EMAIL, DEMO_PASSWORD } from '../../server/seed/demo';
import { startOfToday } from '../../server/seed/generate';
import { seedMembers } from '../../server/seed/seed';
import { buildTestApp, ENGINES, inSchema, TEST_DATABASE_URL, withPg } from './helper';
import {
  buildServerCopy,
  serverlessEnv,
  startServerProcess,
  type ServerProcess,
} from './support/server-process';
import { multipart, solid } from './uploads';

const exec = promisify(execFile);

/** One acknowledged write and whether the backup had begun when its answer came. */
interface Acked {
  key: string;
  beforeBackup: boolean;
}

/** A place a site lives: its data folder and, on PostgreSQL, a schema of its own. */
interface Place {
  dataDir: string;
  schema?: string;
  env: Record<string, string>;
  site: SiteLocation;
}

/** Runs the admin CLI as `npm run admin` does, with only the given server settings. */
async function cli(args: string[], env: Record<string, string>) {
  return exec(process.execPath, ['--import', 'tsx', 'server/admin/cli.ts', ...args], {
    cwd: ROOT_DIR,
    env: { ...serverlessEnv(), LOG_LEVEL: 'silent', ...env },
  }).then(
    (done) => ({ code: 0, stdout: done.stdout, stderr: done.stderr }),
    (err: { code: number; stdout: string; stderr: string }) => err,
  );
}

/** The API of one server process, as a member's browser calls it. */
function client(origin: string) {
  const call = async (path: string, cookie = '', method = 'GET', body?: object) =>
    fetch(`${origin}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const json = async <T>(path: string, cookie: string, method = 'GET', body?: object) => {
    const res = await call(path, cookie, method, body);
    expect(res.status, `${method} ${path}`).toBe(200);
    return (await res.json()) as T;
  };
  const login = async (email: string) => {
    const res = await call('/api/login.php', '', 'POST', { email, password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    const cookie = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(
      res.headers.get('set-cookie') ?? '',
    )?.[1];
    return { cookie: cookie ?? '', id: ((await res.json()) as { user: { id: number } }).user.id };
  };
  return { call, json, login };
}

for (const engine of ENGINES) {
  describe(`backup and restore (${engine})`, () => {
    const root = mkdtempSync(join(tmpdir(), `amora-backup-${engine}-`));
    const schemas: string[] = [];
    const servers: ServerProcess[] = [];
    let build: ReturnType<typeof buildServerCopy> | undefined;

    /** A new, empty place: a folder, and a fresh schema on PostgreSQL. */
    const place = async (name: string): Promise<Place> => {
      const dataDir = join(root, name);
      if (engine === 'sqlite') return { dataDir, env: { DATA_DIR: dataDir }, site: { dataDir } };
      const schema = `backup_${randomBytes(6).toString('hex')}`;
      await withPg((c) => c.query(`create schema "${schema}"`));
      schemas.push(schema);
      const databaseUrl = inSchema(TEST_DATABASE_URL, schema);
      return {
        dataDir,
        schema,
        env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
        site: { dataDir, databaseUrl },
      };
    };
    const start = async (at: Place, seed = 0) => {
      const env = { ...at.env, SEED_MEMBERS: String(seed), RATE_LIMIT_SCALE: '1000' };
      const server = await startServerProcess(['--enable-source-maps', build?.entry ?? ''], {
        ...env,
        LOG_LEVEL: 'error',
      });
      servers.push(server);
      return server;
    };
    /** Enough credits for hundreds of messages, written into the store beside the server. */
    const giveCredits = async (at: Place) => {
      const emails = [DEMO_EMAIL, DEMO2_EMAIL];
      if (engine === 'postgres') {
        await withPg((c) =>
          c.query(`update "${at.schema}".members set credits = 1000000 where email = any($1)`, [
            emails,
          ]),
        );
        return;
      }
      const db = new BetterSqlite3(join(at.dataDir, 'app.db'));
      db.pragma('busy_timeout = 5000');
      const update = db.prepare('update members set credits = 1000000 where email = ?');
      for (const email of emails) update.run(email);
      db.close();
    };

    beforeAll(() => {
      build = buildServerCopy();
    }, 120_000);

    afterAll(async () => {
      for (const server of servers) {
        if (server.child.exitCode === null) {
          server.child.kill('SIGKILL');
          await server.exited;
        }
      }
      build?.remove();
      rmSync(root, { recursive: true, force: true });
      for (const schema of schemas) {
        await withPg((c) => c.query(`drop schema if exists "${schema}" cascade`));
      }
    });

    it('keeps every write acknowledged before the backup began, while writes go on', async () => {
      const a = await place('site-a');
      const first = await start(a, 300);
      await giveCredits(a);
      const api = client(first.origin);
      const anna = await api.login(DEMO_EMAIL);
      const bram = await api.login(DEMO2_EMAIL);

      // A member file: a photo, re-encoded by the server; its bytes must come back unchanged.
      const photo = await solid(320, 240).png().toBuffer();
      const { payload, headers } = multipart([{ name: 'me.png', data: photo, type: 'image/png' }]);
      const upload = await fetch(`${first.origin}/api/profileimage.php`, {
        method: 'POST',
        headers: { ...headers, cookie: `${SESSION_COOKIE}=${anna.cookie}` },
        body: payload,
      });
      expect(upload.status).toBe(200);
      const seen = await api.json<{ main_image: { filename?: string; thumb_filename: string } }>(
        `/api/profile.php?id=${anna.id}`,
        bram.cookie,
      );
      const photoFiles = [seen.main_image.thumb_filename, seen.main_image.filename ?? ''];
      const photoBytes = await Promise.all(
        photoFiles.map(async (f) => {
          const res = await api.call(`/uploads/${f}`);
          expect(res.status).toBe(200);
          return Buffer.from(await res.arrayBuffer());
        }),
      );
      const pushKey = (await api.json<{ push_pub: string }>('/api/settings.php', '')).push_pub;

      const { id: conversation } = await api.json<{ id: number }>(
        `/api/chat.php?profile=${bram.id}`,
        anna.cookie,
      );
      const profiles: number[] = [];
      for (let page = 1; page <= 4; page++) {
        const found = await api.json<{ profiles: { id: number }[] }>(
          '/api/search.php?manual_search=1&country=&countryregion=0&gender=&min_age=18' +
            `&max_age=99&pp=100&page=${page}`,
          anna.cookie,
        );
        profiles.push(...found.profiles.map((p) => p.id).filter((id) => id !== anna.id));
      }
      expect(profiles.length).toBeGreaterThan(100);

      // Writers: one likes profile after profile, three send messages, until told to stop.
      const likes: Acked[] = [];
      const messages: Acked[] = [];
      let backupBegan = false;
      let stop = false;
      const liker = async () => {
        for (const profile of profiles) {
          if (stop) return;
          const res = await api.call('/api/likes.php', anna.cookie, 'POST', {
            profile,
            client_id: randomUUID(),
          });
          const before = !backupBegan;
          expect(res.status).toBe(200);
          likes.push({ key: String(profile), beforeBackup: before });
          await new Promise((resolve) => setTimeout(resolve, 15));
        }
      };
      const sender = async (who: { cookie: string }) => {
        while (!stop) {
          const clientId = randomUUID();
          const res = await api.call('/api/chat.php', who.cookie, 'POST', {
            conversation,
            message: `under backup ${clientId}`,
            client_id: clientId,
          });
          const before = !backupBegan;
          expect(res.status).toBe(200);
          messages.push({ key: clientId, beforeBackup: before });
        }
      };
      const writers = [liker(), sender(anna), sender(bram), sender(anna)];
      const deadline = Date.now() + 20_000;
      while ((likes.length < 50 || messages.length < 100) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }

      const backupDir = join(root, 'backup-a');
      const writesBefore = likes.length + messages.length;
      backupBegan = true;
      const backup = await cli(['backup', backupDir], a.env);
      const writesDuring = likes.length + messages.length - writesBefore;
      stop = true;
      await Promise.all(writers);
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain(`Backup of the ${engine} site`);
      // The site kept taking writes while the backup command ran.
      expect(writesDuring).toBeGreaterThan(0);
      first.child.kill('SIGTERM');
      await first.exited;

      const b = await place('site-b');
      const restored = await cli(['restore', backupDir], b.env);
      expect(restored.stderr).toBe('');
      expect(restored.code).toBe(0);
      expect(restored.stdout).toContain('Restored the backup');

      // The member journey on a server started on the restored copy (it migrates as always).
      const second = await start(b);
      const again = client(second.origin);
      const annaAgain = await again.login(DEMO_EMAIL);
      expect(annaAgain.id).toBe(anna.id);
      const { user } = await again.json<{
        user: { profile: { images: { thumb_filename: string }[] } };
      }>('/api/user.php', annaAgain.cookie);
      expect(user.profile.images.map((i) => i.thumb_filename)).toContain(photoFiles[0]);
      const liked = await again.json<{ profiles: { id: number }[] }>(
        '/api/likes.php',
        annaAgain.cookie,
      );
      const likedIds = new Set(liked.profiles.map((p) => String(p.id)));
      const likesBefore = likes.filter((l) => l.beforeBackup);
      expect(likesBefore.length).toBeGreaterThanOrEqual(50);
      expect(likesBefore.filter((l) => !likedIds.has(l.key))).toEqual([]);
      const chats = await again.json<{ chats: { conversation: { id: number } }[] }>(
        '/api/chats.php',
        annaAgain.cookie,
      );
      expect(chats.chats.map((c) => c.conversation.id)).toContain(conversation);
      const stored: string[] = [];
      for (let before = ''; ;) {
        const page = await again.json<{
          msg: { id: number; client_id: string | null }[];
          has_more?: boolean;
        }>(`/api/chat.php?conversation=${conversation}&read=0${before}`, annaAgain.cookie);
        stored.push(...page.msg.map((m) => m.client_id ?? ''));
        if (!page.has_more || page.msg.length === 0) break;
        before = `&before=${page.msg[0]?.id}`;
      }
      const messagesBefore = messages.filter((m) => m.beforeBackup);
      expect(messagesBefore.length).toBeGreaterThanOrEqual(100);
      const storedIds = new Set(stored);
      expect(storedIds.size).toBe(stored.length);
      expect(messagesBefore.filter((m) => !storedIds.has(m.key))).toEqual([]);

      // Member files byte for byte, through the API and on disk; the push key survived too.
      for (const [i, file] of photoFiles.entries()) {
        const res = await again.call(`/uploads/${file}`);
        expect(res.status).toBe(200);
        expect(Buffer.from(await res.arrayBuffer()).equals(photoBytes[i] ?? Buffer.alloc(0))).toBe(
          true,
        );
      }
      const manifest = await readManifest(backupDir);
      expect(manifest.memberFiles).toMatchObject({ store: 'disk' });
      const copied = manifest.files.filter((f) => f.path.startsWith('files/'));
      expect(copied.map((f) => f.path)).toContain(`files/uploads/${photoFiles[1]}`);
      for (const file of copied) {
        const rel = file.path.slice('files/'.length);
        expect(await hashFile(join(b.dataDir, rel))).toEqual(await hashFile(join(a.dataDir, rel)));
      }
      expect((await again.json<{ push_pub: string }>('/api/settings.php', '')).push_pub).toBe(
        pushKey,
      );
      expect(manifest.rows.messages).toBeGreaterThanOrEqual(messagesBefore.length);
      console.log(
        `backup (${engine}): ${likesBefore.length} likes and ${messagesBefore.length} messages ` +
          `acknowledged before the backup all restored; ${writesDuring} writes acknowledged ` +
          'while the backup command ran',
      );
    }, 120_000);

    it('refuses a non-empty target, a newer schema, a bad checksum and a missing manifest', async () => {
      const t = await buildTestApp(engine);
      try {
        await seedMembers(t.app.db, {
          store: t.app.storage,
          members: 20,
          avatarsPerGender: 1,
          now: startOfToday(),
          log: () => {},
        });
        const dir = join(root, 'backup-small');
        const made = await backupSite(t.config, dir);
        expect(made.manifest.rows.members).toBe(22);
        const refused = async (work: Promise<unknown>, message: RegExp) => {
          const err = await work.then(
            () => undefined,
            (e: unknown) => e,
          );
          expect(err).toBeInstanceOf(BackupRefusal);
          expect((err as Error).message).toMatch(message);
        };

        await refused(backupSite(t.config, dir), /is not empty: a backup goes into a new/);
        // The site itself is not empty: its data folder (and on PostgreSQL its schema).
        await refused(restoreSite(t.config, dir), /DATA_DIR .* is not empty/);
        if (engine === 'postgres') {
          await refused(
            restoreSite({ ...t.config, dataDir: join(root, 'empty-folder') }, dir),
            /schema "test_\w+" is not empty/,
          );
        }
        const target = await place('refused');
        const spoiled = (name: string, spoil: (copy: string) => void) => {
          const copy = join(root, name);
          cpSync(dir, copy, { recursive: true });
          spoil(copy);
          return copy;
        };
        const future = spoiled('future', (copy) => {
          const manifest = JSON.parse(readFileSync(join(copy, 'manifest.json'), 'utf8')) as object;
          const schemaVersion = '2999-01-01-001-from-the-future';
          writeFileSync(
            join(copy, 'manifest.json'),
            JSON.stringify({ ...manifest, schemaVersion }),
          );
        });
        await refused(restoreSite(target.site, future), /newer than this code's newest migration/);
        const damaged = spoiled('damaged', (copy) => {
          const file = join(copy, made.manifest.database);
          const bytes = readFileSync(file);
          const middle = bytes.length >> 1;
          bytes.writeUInt8((bytes.readUInt8(middle) + 1) % 256, middle);
          writeFileSync(file, bytes);
        });
        await refused(restoreSite(target.site, damaged), /^Checksum mismatch: database\//);
        const unfinished = spoiled('unfinished', (copy) => unlinkSync(join(copy, 'manifest.json')));
        await refused(restoreSite(target.site, unfinished), /^No manifest\.json in /);
        // Nothing of a refused restore was written.
        expect(await restoreIsEmpty(engine, target)).toBe(true);

        // The command itself: exit code 1 and one line saying why.
        const cliRefusal = await cli(['restore', damaged], target.env);
        expect(cliRefusal.code).toBe(1);
        expect(cliRefusal.stdout).toBe('');
        expect(cliRefusal.stderr.trim().split('\n')).toEqual([
          expect.stringMatching(
            /^Checksum mismatch: database\/\S+ is not the file the manifest lists/,
          ),
        ]);

        // The unspoiled backup restores into the same target afterwards.
        const done = await restoreSite(target.site, dir);
        expect(done.manifest.rows.members).toBe(22);
      } finally {
        await t.close();
      }
    }, 60_000);

    it('leaves member files in S3 and names the bucket; restores an older schema the start migrates', async () => {
      const older = await place('older');
      const handle = createDatabase({ ...older.site, databaseUrl: older.site.databaseUrl });
      const previous = Object.keys(migrations).sort().at(-2) ?? '';
      try {
        const migrator = new Migrator({
          db: handle.db,
          provider: { getMigrations: () => Promise.resolve(migrations) },
          migrationTableSchema: older.schema,
        });
        const { error } = await migrator.migrateTo(previous);
        expect(error).toBeUndefined();
      } finally {
        await handle.close();
      }
      mkdirSync(join(older.dataDir, 'uploads'), { recursive: true });
      writeFileSync(join(older.dataDir, 'vapid.json'), '{"publicKey":"k","privateKey":"p"}\n');
      writeFileSync(join(older.dataDir, 'uploads', 'in-the-bucket.png'), 'x');
      const s3 = {
        bucket: 'amora-photos',
        region: 'eu-central-1',
        endpoint: 'http://127.0.0.1:9',
        forcePathStyle: true,
      };
      const dir = join(root, 'backup-older');
      const made = await backupSite({ ...older.site, s3 }, dir);
      expect(made.manifest.schemaVersion).toBe(previous);
      expect(made.manifest.memberFiles).toEqual({
        store: 's3',
        bucket: 'amora-photos',
        endpoint: 'http://127.0.0.1:9',
        region: 'eu-central-1',
      });
      expect(made.manifest.files.map((f) => f.path)).toEqual([
        made.manifest.database,
        'files/vapid.json',
      ]);

      const target = await place('older-restored');
      await restoreSite(target.site, dir);
      expect(readFileSync(join(target.dataDir, 'vapid.json'), 'utf8')).toContain('"publicKey"');
      const restored = createDatabase({ ...target.site });
      try {
        expect(await new BackupRepository(restored.db).schemaVersion()).toBe(previous);
        await migrateToLatest(restored.db);
        expect(await new BackupRepository(restored.db).schemaVersion()).toBe(newestMigration());
      } finally {
        await restored.close();
      }
    }, 60_000);
  });
}

/** Whether a target a refused restore was pointed at is still untouched. */
async function restoreIsEmpty(engine: Engine, target: Place): Promise<boolean> {
  try {
    if (readdirSync(target.dataDir).length > 0) return false;
  } catch {
    // No folder at all: nothing written.
  }
  if (engine === 'sqlite') return true;
  const { rows } = await withPg((c) =>
    c.query<{ n: string }>(
      'select count(*) as n from pg_class c join pg_namespace s on s.oid = c.relnamespace where s.nspname = $1',
      [target.schema],
    ),
  );
  return Number(rows[0]?.n) === 0;
}
