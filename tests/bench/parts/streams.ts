/**
 * Live members per instance: N event streams (`GET /api/events.php`) of distinct logged-in members
 * held open against one instance, the server's memory per stream, and how long a like takes from
 * its POST to the liked member's open stream while all of them are connected; then the same with
 * the streams on instance B and the likes sent through instance A, through Redis.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { get, type ClientRequest } from 'node:http';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { percentile } from '../lib/chat-latency';
import { reserveRedis } from '../lib/chat-stores';
import { demoCookie } from '../lib/member-session';
import { run, startServer, tempDir, type Running } from '../lib/processes';
import type { Part, Row } from '../lib/report';

/** Stream counts measured one after the other on one instance; BENCH_STREAMS overrides. */
const STEPS = (process.env.BENCH_STREAMS ?? '1000,5000,10000')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0)
  .sort((a, b) => a - b);
/** Likes timed at each step, each to a different member. */
const SAMPLES = 40;
/** Streams opened at once while filling up. */
const OPEN_BATCH = 200;
const EVENT_TIMEOUT_MS = 10_000;

interface Session {
  id: number;
  token: string;
}

/** An open stream and, while a like to its member is timed, who waits for it. */
interface Stream {
  member: number;
  request: ClientRequest;
  waiter?: () => void;
}

/**
 * Sessions written straight into the seeded SQLite file, as the server writes them (SHA-256 of a
 * random token): ten thousand logins through the API would spend minutes hashing passwords.
 */
function makeSessions(dataDir: string, count: number): Session[] {
  const db = new BetterSqlite3(join(dataDir, 'app.db'));
  try {
    const ids = db
      .prepare("select id from members where status = 'active' and email not like 'demo%' limit ?")
      .all(count) as { id: number }[];
    if (ids.length < count)
      throw new Error(`only ${ids.length} members to log in, ${count} needed`);
    const insert = db.prepare(
      'insert into sessions (token_hash, member_id, created_at, expires_at, last_seen_at, user_agent) values (?, ?, ?, ?, ?, ?)',
    );
    const now = Date.now();
    const sessions: Session[] = [];
    db.transaction(() => {
      for (const { id } of ids) {
        const token = randomBytes(32).toString('base64url');
        const hash = createHash('sha256').update(token).digest('hex');
        insert.run(hash, id, now, now + 86_400_000, now, 'bench');
        sessions.push({ id, token });
      }
    })();
    return sessions;
  } finally {
    db.close();
  }
}

/** Resident memory of a process in KB. */
function rssKb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb);
}

/** Opens one member's stream; resolves once the server has sent its first bytes. */
function openStream(url: string, session: Session): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const stream: Stream = { member: session.id, request: undefined as unknown as ClientRequest };
    stream.request = get(
      `${url}/api/events.php`,
      { headers: { cookie: `amora_sid=${session.token}` }, agent: false },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`events.php answered ${res.statusCode} for member ${session.id}`));
          return;
        }
        res.setEncoding('utf8');
        let opened = false;
        res.on('data', (chunk: string) => {
          if (!opened) {
            opened = true;
            resolve(stream);
          }
          if (stream.waiter && chunk.includes('"type":"like"')) stream.waiter();
        });
      },
    );
    stream.request.on('error', reject);
  });
}

/** Opens streams until `streams` holds `count`, OPEN_BATCH at a time. */
async function fillTo(url: string, sessions: Session[], streams: Stream[], count: number) {
  while (streams.length < count) {
    const batch = sessions.slice(streams.length, Math.min(count, streams.length + OPEN_BATCH));
    streams.push(...(await Promise.all(batch.map((s) => openStream(url, s)))));
  }
}

/** Times likes from the demo member (through `sendUrl`) to members whose streams are open. */
async function timeLikes(sendUrl: string, cookie: string, receivers: Stream[]): Promise<number[]> {
  const samples: number[] = [];
  for (const receiver of receivers) {
    const started = performance.now();
    const arrived = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no like event within ${EVENT_TIMEOUT_MS} ms`)),
        EVENT_TIMEOUT_MS,
      );
      receiver.waiter = () => {
        clearTimeout(timer);
        resolve(performance.now());
      };
    });
    const res = await fetch(`${sendUrl}/api/likes.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ profile: receiver.member }),
    });
    if (!res.ok) throw new Error(`like answered ${res.status}: ${await res.text()}`);
    samples.push((await arrived) - started);
    receiver.waiter = undefined;
  }
  return samples;
}

/**
 * `count` streams whose members the demo member has not liked yet (a second like sends no event),
 * spread over the whole range.
 */
function pick(streams: Stream[], used: Set<number>, count: number): Stream[] {
  const fresh = streams.filter((s) => !used.has(s.member));
  const step = Math.max(1, Math.floor(fresh.length / count));
  const picked = fresh.filter((_, i) => i % step === 0).slice(0, count);
  for (const s of picked) used.add(s.member);
  return picked;
}

/** One measured row: memory over the idle baseline per stream, and the like latencies. */
function measureStep(
  setup: string,
  holder: Running,
  baselineKb: number,
  streams: Stream[],
  openSeconds: number,
  samples: number[],
): Row {
  const kb = rssKb(holder.pid);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    setup,
    streams: streams.length,
    'seconds to open': +openSeconds.toFixed(1),
    'server RSS MB': Math.round(kb / 1024),
    'KB per stream': +((kb - baselineKb) / streams.length).toFixed(1),
    likes: samples.length,
    'p50 ms': round(percentile(samples, 50)),
    'p95 ms': round(percentile(samples, 95)),
    'max ms': round(Math.max(...samples)),
  };
}

/** Lets timers and garbage settle before memory is read. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 2_000));

/** Registered in run.ts's PARTS; runs alone as `npm run bench -- streams`. */
export const streamsPart: Part = {
  name: 'streams',
  async run() {
    const most = STEPS.at(-1) ?? 1000;
    // Some seeded members are not active (hidden, unconfirmed) and cannot log in.
    const seeded = Math.ceil(most * 1.25) + 500;
    const dataDir = tempDir('streams');
    await run(
      process.execPath,
      ['--import', 'tsx', 'server/seed/cli.ts', '--members', String(seeded)],
      { DATA_DIR: dataDir },
    );
    const sessions = makeSessions(dataDir, most);
    const rows: Row[] = [];
    const used = new Set<number>();
    const closeAll = (streams: Stream[]) => streams.forEach((s) => s.request.destroy());

    const one = await startServer(dataDir);
    const streams: Stream[] = [];
    try {
      const cookie = await demoCookie(one.url);
      await settle();
      const baseline = rssKb(one.pid);
      for (const step of STEPS) {
        const started = Date.now();
        await fillTo(one.url, sessions, streams, step);
        const openSeconds = (Date.now() - started) / 1000;
        await settle();
        const samples = await timeLikes(one.url, cookie, pick(streams, used, SAMPLES));
        rows.push(measureStep('one instance', one, baseline, streams, openSeconds, samples));
      }
    } finally {
      closeAll(streams);
      await one.stop();
    }

    const redis = await reserveRedis();
    const env = { REDIS_URL: redis.url, REDIS_PREFIX: redis.prefix };
    const a = await startServer(dataDir, env);
    const b = await startServer(dataDir, env).catch(async (err: unknown) => {
      await a.stop();
      throw err;
    });
    const onB: Stream[] = [];
    try {
      const cookie = await demoCookie(a.url);
      await settle();
      const baseline = rssKb(b.pid);
      const started = Date.now();
      await fillTo(b.url, sessions, onB, most);
      const openSeconds = (Date.now() - started) / 1000;
      await settle();
      const samples = await timeLikes(a.url, cookie, pick(onB, used, SAMPLES));
      rows.push(
        measureStep(
          'streams on B, likes through A (Redis)',
          b,
          baseline,
          onB,
          openSeconds,
          samples,
        ),
      );
    } finally {
      closeAll(onB);
      await Promise.all([a.stop(), b.stop()]);
      await redis.clear();
    }

    return {
      note:
        `The compiled server on SQLite with ${seeded.toLocaleString('en')} seeded members; ` +
        'one session per member written into the database as the server writes them (SHA-256 of a ' +
        'random token). Streams are plain HTTP connections from this process, opened ' +
        `${OPEN_BATCH} at a time and held; "KB per stream" is the server's resident memory over ` +
        'its idle baseline (after a login, before the first stream) divided by the streams, read ' +
        `from /proc after 2 s of quiet. At each step ${SAMPLES} likes from the demo member go to ` +
        'members whose streams are open, one at a time, each to a different member; latency is ' +
        'from the POST leaving this process to the like event arriving on that stream. Two ' +
        'instances: A and B on the same SQLite file and one Redis (own REDIS_PREFIX), every stream ' +
        'on B, every like through A, so each event crosses Redis. Targets: 10,000 streams on one ' +
        'instance, p95 under 250 ms, under 30 KB a stream.',
      rows,
    };
  },
};
