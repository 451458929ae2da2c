/**
 * Crash safety: the compiled server takes likes, unlikes and messages from two members while it is
 * killed with SIGKILL at a random moment, then restarted on the same data (the SQLite folder, or
 * the PostgreSQL schema), CRASH_ROUNDS times per engine (10 by default; the bench's size is 50).
 * After every kill: the SQLite file passes integrity_check, every acknowledged message is stored
 * exactly once, and every like's state is that of its newest applied request, never older than the
 * newest acknowledged one. At the end the unacknowledged messages are sent again with their
 * client ids, as the page's queue does after a restart, and each of them is stored exactly once.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/plugins/session';
import { DEMO2_EMAIL, DEMO_EMAIL } from '../../server/seed/demo';
import { ENGINES, inSchema, TEST_DATABASE_URL, withPg } from './helper';
import { buildServerCopy, startServerProcess, type ServerProcess } from './support/server-process';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 10);
const PASSWORD = 'amora-demo-2026';
/** Writers running at once: enough that a kill lands in the middle of some of them. */
const WRITERS = 4;

/** One like or unlike as sent, and whether the server acknowledged it. */
interface LikeSent {
  profile: number;
  seq: number;
  liked: boolean;
  acked: boolean;
}

/** One message as sent, and whether the server acknowledged it. */
interface MessageSent {
  clientId: string;
  cookie: string;
  acked: boolean;
}

/** Reads the store directly, as nothing of the server's may be trusted after a kill. */
interface Store {
  /** SQLite's own check of the file ("ok"), or "ok" for PostgreSQL, which checks itself. */
  integrity(): Promise<string>;
  messageCounts(clientIds: string[]): Promise<Map<string, number>>;
  likes(member: number): Promise<Map<number, { liked: boolean; seq: number | null }>>;
  setCredits(emails: string[], credits: number): Promise<void>;
}

function sqliteStore(dataDir: string): Store {
  const open = <T>(fn: (db: BetterSqlite3.Database) => T): T => {
    const db = new BetterSqlite3(join(dataDir, 'app.db'));
    try {
      return fn(db);
    } finally {
      db.close();
    }
  };
  return {
    integrity: async () => open((db) => String(db.pragma('integrity_check', { simple: true }))),
    messageCounts: async (ids) =>
      open((db) => {
        const count = db.prepare('select count(*) as n from messages where client_id = ?');
        return new Map(ids.map((id) => [id, (count.get(id) as { n: number }).n]));
      }),
    likes: async (member) =>
      open((db) => {
        const rows = db
          .prepare('select profile_id, liked, last_client_seq from likes where member_id = ?')
          .all(member) as { profile_id: number; liked: number; last_client_seq: number | null }[];
        return new Map(
          rows.map((r) => [r.profile_id, { liked: r.liked === 1, seq: r.last_client_seq }]),
        );
      }),
    setCredits: async (emails, credits) =>
      open((db) => {
        const update = db.prepare('update members set credits = ? where email = ?');
        for (const email of emails) update.run(credits, email);
      }),
  };
}

function postgresStore(schema: string): Store {
  const query = async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    withPg(async (c) => {
      await c.query(`set search_path to "${schema}"`);
      return (await c.query<R>(text, values)).rows;
    });
  return {
    integrity: async () => 'ok',
    messageCounts: async (ids) => {
      const rows = await query<{ client_id: string; n: string }>(
        'select client_id, count(*) as n from messages where client_id = any($1) group by client_id',
        [ids],
      );
      const counts = new Map(ids.map((id) => [id, 0]));
      for (const row of rows) counts.set(row.client_id, Number(row.n));
      return counts;
    },
    likes: async (member) => {
      const rows = await query<{
        profile_id: number;
        liked: boolean | number;
        last_client_seq: number | null;
      }>('select profile_id, liked, last_client_seq from likes where member_id = $1', [member]);
      return new Map(
        rows.map((r) => [
          Number(r.profile_id),
          {
            liked: r.liked === true || r.liked === 1,
            seq: r.last_client_seq === null ? null : Number(r.last_client_seq),
          },
        ]),
      );
    },
    setCredits: async (emails, credits) => {
      await query('update members set credits = $1 where email = any($2)', [credits, emails]);
    },
  };
}

for (const engine of ENGINES) {
  describe(`crash safety under SIGKILL (${engine})`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), `amora-crash-${engine}-`));
    const schema = `crash_${randomBytes(6).toString('hex')}`;
    const store = engine === 'sqlite' ? sqliteStore(dataDir) : postgresStore(schema);
    let build: ReturnType<typeof buildServerCopy> | undefined;
    let server: ServerProcess | undefined;

    const env = (): Record<string, string> => ({
      DATA_DIR: dataDir,
      SEED_MEMBERS: '12',
      LOG_LEVEL: 'error',
      // Two members send hundreds of requests a round from one address.
      RATE_LIMIT_SCALE: '1000',
      ...(engine === 'postgres' ? { DATABASE_URL: inSchema(TEST_DATABASE_URL, schema) } : {}),
    });
    const start = async () => {
      server = await startServerProcess(['--enable-source-maps', build?.entry ?? ''], env());
      return server;
    };
    const kill = async () => {
      server?.child.kill('SIGKILL');
      await server?.exited;
    };

    beforeAll(async () => {
      if (engine === 'postgres') await withPg((c) => c.query(`create schema "${schema}"`));
      build = buildServerCopy();
    }, 120_000);

    afterAll(async () => {
      if (server && server.child.exitCode === null) await kill();
      build?.remove();
      rmSync(dataDir, { recursive: true, force: true });
      if (engine === 'postgres') {
        await withPg((c) => c.query(`drop schema if exists "${schema}" cascade`));
      }
    });

    it(
      `loses no acknowledged write over ${ROUNDS} kills`,
      { timeout: 60_000 + ROUNDS * 30_000 },
      async () => {
        // First start migrates and seeds; the two demo members then get credits for every round.
        await start();
        await kill();
        await store.setCredits([DEMO_EMAIL, DEMO2_EMAIL], 1_000_000);
        let running = await start();

        const call = async (path: string, cookie: string, method = 'GET', body?: unknown) =>
          fetch(`${running.origin}${path}`, {
            method,
            headers: {
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
              ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}),
            },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
        const login = async (email: string) => {
          const res = await call('/api/login.php', '', 'POST', { email, password: PASSWORD });
          expect(res.status).toBe(200);
          const cookie = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(
            res.headers.get('set-cookie') ?? '',
          )?.[1];
          return {
            cookie: cookie ?? '',
            id: ((await res.json()) as { user: { id: number } }).user.id,
          };
        };
        const anna = await login(DEMO_EMAIL);
        const bram = await login(DEMO2_EMAIL);
        const started = (await (
          await call(`/api/chat.php?profile=${bram.id}`, anna.cookie)
        ).json()) as {
          id: number;
        };
        const conversation = started.id;
        const search = (await (await call('/api/search.php?auto_load=1', anna.cookie)).json()) as {
          profiles: { id: number }[];
        };
        const profiles = search.profiles
          .map((p) => p.id)
          .filter((id) => id !== anna.id)
          .slice(0, 6);
        expect(profiles.length).toBeGreaterThan(0);

        const likes: LikeSent[] = [];
        const messages: MessageSent[] = [];
        let seq = 0;
        let kills = 0;

        for (let round = 0; round < ROUNDS; round++) {
          let stop = false;
          let firstAck: () => void = () => undefined;
          const acked = new Promise<void>((resolve) => (firstAck = resolve));
          const writer = async (n: number) => {
            while (!stop) {
              try {
                if (n % 2 === 0) {
                  const profile = profiles[Math.floor(Math.random() * profiles.length)] ?? 0;
                  const sent: LikeSent = {
                    profile,
                    seq: ++seq,
                    liked: Math.random() < 0.5,
                    acked: false,
                  };
                  likes.push(sent);
                  const res = await call(
                    '/api/likes.php',
                    anna.cookie,
                    sent.liked ? 'POST' : 'DELETE',
                    {
                      profile,
                      client_id: randomUUID(),
                      client_seq: sent.seq,
                    },
                  );
                  sent.acked = res.ok;
                  await res.body?.cancel();
                  if (sent.acked) firstAck();
                } else {
                  const who = n % 4 === 1 ? anna : bram;
                  const sent: MessageSent = {
                    clientId: randomUUID(),
                    cookie: who.cookie,
                    acked: false,
                  };
                  messages.push(sent);
                  const res = await call('/api/chat.php', who.cookie, 'POST', {
                    conversation,
                    message: `round ${round} ${sent.clientId}`,
                    client_id: sent.clientId,
                  });
                  sent.acked = res.ok;
                  await res.body?.cancel();
                  if (sent.acked) firstAck();
                }
              } catch {
                // The connection died with the server: this write stays unacknowledged.
              }
            }
          };
          const writers = Array.from({ length: WRITERS }, (_, n) => writer(n));
          // Killed while writes are flowing: after the round's first acknowledgement, at random.
          await acked;
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 300));
          await kill();
          kills++;
          stop = true;
          await Promise.all(writers);

          expect(await store.integrity()).toBe('ok');
          const counts = await store.messageCounts(messages.map((m) => m.clientId));
          for (const m of messages) {
            // Acknowledged: stored once. Cut off: stored once or not at all, never twice.
            const stored = counts.get(m.clientId) ?? 0;
            if (m.acked) expect(stored, `message ${m.clientId}`).toBe(1);
            else expect(stored, `message ${m.clientId}`).toBeLessThanOrEqual(1);
          }
          const state = await store.likes(anna.id);
          for (const profile of profiles) {
            const sent = likes.filter((l) => l.profile === profile);
            const newestAcked = Math.max(0, ...sent.filter((l) => l.acked).map((l) => l.seq));
            const stored = state.get(profile);
            if (newestAcked === 0) continue;
            expect(stored?.seq ?? 0, `like of ${profile}`).toBeGreaterThanOrEqual(newestAcked);
            const applied = sent.find((l) => l.seq === stored?.seq);
            expect(applied, `like of ${profile}: a request that was sent`).toBeDefined();
            expect(stored?.liked).toBe(applied?.liked);
          }
          running = await start();
        }
        expect(kills).toBe(ROUNDS);
        expect(messages.filter((m) => m.acked).length).toBeGreaterThan(0);

        // The page's queue sends what was never acknowledged again, with the same client ids.
        for (const m of messages.filter((x) => !x.acked)) {
          const res = await call('/api/chat.php', m.cookie, 'POST', {
            conversation,
            message: `again ${m.clientId}`,
            client_id: m.clientId,
          });
          expect(res.status).toBe(200);
        }
        const counts = await store.messageCounts(messages.map((m) => m.clientId));
        expect([...counts.values()].every((n) => n === 1)).toBe(true);
        console.log(
          `crash safety (${engine}): ${kills} kills, ${messages.filter((m) => m.acked).length} ` +
            `acknowledged messages and ${likes.filter((l) => l.acked).length} likes kept, ` +
            `${messages.filter((m) => !m.acked).length} cut-off messages sent again once, 0 lost`,
        );
        await kill();
      },
    );
  });
}
