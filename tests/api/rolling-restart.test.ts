/**
 * Upgrades without downtime: scripts/two-instances.mjs runs two compiled instances on one
 * PostgreSQL schema and one Redis behind its proxy, members like, send messages (with client ids)
 * and hold event streams through it, and SIGUSR2 restarts instance a, then b (each out of rotation,
 * SIGTERM, drained, exited, started again, ready) while that goes on. Then: no request failed,
 * every acknowledged like and message is stored exactly once, every stream reconnected, and each
 * watcher saw every like and message to them on a stream or in the poll after a reconnect (the
 * server keeps no backlog for Last-Event-ID; the poll is the client's catch-up).
 * Needs PostgreSQL and Redis (TEST_DATABASE_URL, TEST_REDIS_URL).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '../../server/plugins/session';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/seed/demo';
import { ENGINES, inSchema, TEST_DATABASE_URL, withPg } from './helper';
import { buildServerCopy, serverlessEnv } from './support/server-process';
import {
  emptySeen,
  Traffic,
  watch,
  type Member,
  type Seen,
  type Write,
} from './support/rolling-load';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const runs = ENGINES.includes('postgres') ? describe : describe.skip;
/** Members who hold event streams and receive every like and message. */
const WATCHERS = 6;
/** Members who send messages, each one every MESSAGE_PAUSE_MS. */
const SENDERS = 4;
const MESSAGE_PAUSE_MS = 150;
/** One like of a watcher by another member this often, across all of them. */
const LIKE_EVERY_MS = 120;
/** Short, so the test stays short; the browser's EventSource waits SSE_RETRY_MS. */
const RECONNECT_MS = 250;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

runs('rolling restart of two instances under load (npm run two-instances, SIGUSR2)', () => {
  const schema = `rolling_${randomBytes(6).toString('hex')}`;
  const prefix = `amora-rolling-${randomBytes(6).toString('hex')}-`;
  const dataDir = mkdtempSync(join(tmpdir(), 'amora-rolling-'));
  let build: ReturnType<typeof buildServerCopy> | undefined;
  let script: ChildProcess | undefined;
  let exited: Promise<unknown[]> | undefined;
  let origin = '';
  let output = '';
  const query = <R>(text: string, values: unknown[] = []) =>
    withPg(async (c) => {
      await c.query(`set search_path to "${schema}"`);
      return (await c.query(text, values)).rows as R[];
    });
  /** Waits until the script has printed a line matching `pattern`; resolves with when. */
  const printed = async (pattern: RegExp, timeoutMs = 60_000) => {
    for (const until = Date.now() + timeoutMs; !pattern.test(output);) {
      if (script?.exitCode !== null) throw new Error(`two-instances exited:\n${output}`);
      if (Date.now() > until) throw new Error(`no ${String(pattern)} in:\n${output}`);
      await sleep(20);
    }
    return Date.now();
  };

  beforeAll(async () => {
    await withPg((c) => c.query(`create schema "${schema}"`));
    build = buildServerCopy();
    script = spawn(
      process.execPath,
      ['scripts/two-instances.mjs', '--no-client', '--server', build.entry],
      {
        env: {
          ...serverlessEnv(),
          DATABASE_URL: inSchema(TEST_DATABASE_URL, schema),
          REDIS_URL: TEST_REDIS_URL,
          REDIS_PREFIX: prefix,
          DATA_DIR: dataDir,
          SEED_MEMBERS: '40',
          PORT: '0',
          LOG_LEVEL: 'warn',
          RATE_LIMIT_SCALE: '1000',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    exited = once(script, 'exit');
    script.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    script.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await printed(/behind http:\/\/127\.0\.0\.1:\d+/, 120_000);
    origin = /behind (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] ?? '';
  }, 180_000);

  afterAll(async () => {
    if (script && script.exitCode === null) script.kill('SIGKILL');
    build?.remove();
    rmSync(dataDir, { recursive: true, force: true });
    await withPg((c) => c.query(`drop schema if exists "${schema}" cascade`));
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  // About 30 s on an idle 2-core machine; the margin is for a busy one.
  it('loses, fails and misses nothing while a, then b restart', { timeout: 240_000 }, async () => {
    // Every member gets the demo password, credits for the messages, and premium (named likers).
    await query(
      `update members set credits = 1000000, premium_until = $1,
         password_hash = (select password_hash from members where email = $2)`,
      [Date.now() + 86_400_000, DEMO_EMAIL],
    );
    const emails = await query<{ email: string }>(
      `select email from members where status = 'active' order by id`,
    );
    const traffic = new Traffic(origin);
    const login = async (email: string): Promise<Member> => {
      const res = await traffic.call('/api/login.php', '', 'POST', {
        email,
        password: DEMO_PASSWORD,
      });
      expect(res.status, email).toBe(200);
      const cookie = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(
        res.headers.get('set-cookie') ?? '',
      )?.[1];
      return { id: ((await res.json()) as { user: { id: number } }).user.id, cookie: cookie ?? '' };
    };
    const members: Member[] = [];
    for (let i = 0; i < emails.length; i += 8) {
      members.push(...(await Promise.all(emails.slice(i, i + 8).map((r) => login(r.email)))));
    }
    expect(members.length).toBeGreaterThanOrEqual(WATCHERS + SENDERS + 10);
    const watchers = members.slice(0, WATCHERS);
    const senders = members.slice(WATCHERS, WATCHERS + SENDERS);
    const likers = members.slice(WATCHERS);
    // The seed's demo likes stay as they are; each like of the test is a new one.
    const liked = async () =>
      (
        await query<{ member_id: number; profile_id: number }>(
          `select member_id, profile_id from likes where liked and profile_id = any($1)`,
          [watchers.map((w) => w.id)],
        )
      ).map((r) => `${r.member_id}:${r.profile_id}`);
    const likedBefore = new Set(await liked());
    const conversation = new Map<string, number>();
    for (const s of senders) {
      for (const w of watchers) {
        const res = await traffic.call(`/api/chat.php?profile=${w.id}`, s.cookie);
        expect(res.status).toBe(200);
        conversation.set(`${s.id}:${w.id}`, ((await res.json()) as { id: number }).id);
      }
    }

    // Streams first, so every write after this is either streamed or polled after a reconnect.
    let stopWatching = false;
    const live = watchers.map(() => emptySeen());
    const watching = watchers.map((w, i) =>
      watch(
        traffic,
        w,
        senders.map((s) => conversation.get(`${s.id}:${w.id}`) ?? 0),
        () => stopWatching,
        RECONNECT_MS,
        live[i],
      ),
    );
    // Each watcher has had its first poll once the first stream is held.
    await sleep(1500);

    const writes: Write[] = [];
    let stopWriting = false;
    const sending = senders.map(async (s, n) => {
      for (let i = 0; !stopWriting; i++) {
        const w = watchers[(n + i) % watchers.length] as Member;
        const write: Write = {
          kind: 'message',
          from: s.id,
          to: w.id,
          clientId: randomUUID(),
          attempts: 0,
        };
        writes.push(write);
        await traffic.write(write, '/api/chat.php', s.cookie, 'POST', {
          conversation: conversation.get(`${s.id}:${w.id}`),
          message: `rolling ${write.clientId}`,
          client_id: write.clientId,
        });
        await sleep(MESSAGE_PAUSE_MS);
      }
    });
    const pairs = likers.flatMap((l) =>
      watchers
        .filter((w) => w.id !== l.id && !likedBefore.has(`${l.id}:${w.id}`))
        .map((w) => [l, w] as const),
    );
    pairs.sort(() => Math.random() - 0.5);
    const liking = (async () => {
      const pending: Promise<void>[] = [];
      for (const [l, w] of pairs) {
        if (stopWriting) break;
        const write: Write = {
          kind: 'like',
          from: l.id,
          to: w.id,
          clientId: randomUUID(),
          attempts: 0,
        };
        writes.push(write);
        pending.push(
          traffic.write(write, '/api/likes.php', l.cookie, 'POST', {
            profile: w.id,
            client_id: write.clientId,
          }),
        );
        await sleep(LIKE_EVERY_MS);
      }
      await Promise.all(pending);
    })();

    await sleep(1500);
    const restartFrom = output.length;
    script?.kill('SIGUSR2');
    const at = async (text: string) => {
      for (;;) {
        const i = output.indexOf(text, restartFrom);
        if (i >= 0) return Date.now();
        if (script?.exitCode !== null || output.includes('rolling restart failed', restartFrom)) {
          throw new Error(`the rolling restart did not go through:\n${output.slice(restartFrom)}`);
        }
        await sleep(10);
      }
    };
    const aOut = await at('a out of rotation');
    const aBack = await at('a ready on');
    const bOut = await at('b out of rotation');
    const bBack = await at('b ready on');
    await at('rolling restart done');
    await sleep(1500);
    stopWriting = true;
    await Promise.all([...sending, liking]);

    // Events still on their way get a moment; no further poll counts.
    const acked = writes.filter((w) => w.ackedAt !== undefined);
    const seenBy = new Map<number, Seen>();
    await sleep(1000);
    // Every stream was ended by a restart and is open again before the watchers stop: one the
    // second restart ended may still be on its way back (on a busy machine it was).
    await vi.waitFor(
      () => {
        for (const seen of live) {
          expect(seen.ends).toBeGreaterThanOrEqual(1);
          expect(seen.connects.length).toBe(seen.ends + 1);
        }
      },
      { timeout: 60_000, interval: 100 },
    );
    stopWatching = true;
    const seenAll = await Promise.all(watching);
    watchers.forEach((w, i) => seenBy.set(w.id, seenAll[i] as Seen));

    // 0 failed requests: every request got a 2xx, event streams included.
    const failed = traffic.sent.filter((s) => s.status < 200 || s.status >= 300);
    expect(failed, JSON.stringify(failed.slice(0, 5))).toEqual([]);
    expect(writes.every((w) => w.attempts === 1)).toBe(true);

    // The load went on through both restarts, served by the other instance meanwhile.
    const during = (from: number, to: number) =>
      acked.filter((w) => (w.ackedAt ?? 0) >= from && (w.ackedAt ?? 0) <= to);
    expect(during(aOut, aBack).length).toBeGreaterThan(0);
    expect(during(bOut, bBack).length).toBeGreaterThan(0);
    // (Requests a had already received it still answered while draining.)
    expect(during(aOut, aBack).filter((w) => w.ackedBy === 'b').length).toBeGreaterThan(0);
    expect(during(bOut, bBack).filter((w) => w.ackedBy === 'a').length).toBeGreaterThan(0);

    // 0 lost, 0 duplicated: each acknowledged write is stored exactly once, and nothing else is.
    const messageIds = acked.filter((w) => w.kind === 'message').map((w) => w.clientId);
    const stored = await query<{ client_id: string; n: string }>(
      `select client_id, count(*) as n from messages where sender_id = any($1) group by client_id`,
      [senders.map((s) => s.id)],
    );
    expect(stored.every((r) => Number(r.n) === 1)).toBe(true);
    expect(stored.map((r) => r.client_id).sort()).toEqual([...messageIds].sort());
    const likeWrites = acked.filter((w) => w.kind === 'like');
    const likedNow = (await liked()).filter((key) => !likedBefore.has(key));
    expect(likedNow.sort()).toEqual(likeWrites.map((w) => `${w.from}:${w.to}`).sort());
    const actions = await query<{ n: string }>(
      `select count(*) as n from client_actions where client_id = any($1)`,
      [likeWrites.map((w) => w.clientId)],
    );
    expect(Number(actions[0]?.n)).toBe(likeWrites.length);

    // Every stream was ended by a restart and reconnected; the last one was open until the end.
    for (const seen of seenAll) {
      expect(seen.ends).toBeGreaterThanOrEqual(1);
      expect(seen.connects.length).toBe(seen.ends + 1);
    }

    // Nothing missed: each like and message reached its watcher by stream or by the catch-up poll.
    let byStream = 0;
    let byPollOnly = 0;
    const missed: Write[] = [];
    for (const w of acked) {
      const seen = seenBy.get(w.to) as Seen;
      const streamed =
        w.kind === 'like' ? seen.streamLikes.has(w.from) : seen.streamMessages.has(w.clientId);
      const polled =
        w.kind === 'like' ? seen.polledLikes.has(w.from) : seen.polledMessages.has(w.clientId);
      if (streamed) byStream++;
      else if (polled) byPollOnly++;
      else missed.push(w);
    }
    expect(missed, JSON.stringify(missed.slice(0, 5))).toEqual([]);

    const proxyRetries = traffic.sent.reduce((sum, s) => sum + s.proxyRetries, 0);
    const reconnects = seenAll.reduce((sum, s) => sum + s.connects.length - 1, 0);
    console.log(
      `rolling restart: ${traffic.sent.length} requests, ${failed.length} failed, ` +
        `${proxyRetries} retried by the proxy; ${messageIds.length} messages and ` +
        `${likeWrites.length} likes acknowledged (${during(aOut, aBack).length} while a restarted, ` +
        `${during(bOut, bBack).length} while b did), 0 lost, 0 duplicated; ${WATCHERS} streams, ` +
        `${reconnects} reconnects; seen live ${byStream}, only by the poll after a reconnect ` +
        `${byPollOnly}; restart a ${aBack - aOut} ms, b ${bBack - bOut} ms`,
    );

    script?.kill('SIGTERM');
    expect(await exited).toEqual([0, null]);
  });
});
