/**
 * The shared stores the chat part's server instances run on: a PostgreSQL schema made for one run
 * and a Redis key prefix of its own, both removed afterwards (the machine and its services are shared).
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';

/** BENCH_DATABASE_URL, else the database the API tests use (tests/api/helper.ts). */
export const BENCH_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

/** BENCH_REDIS_URL, else the address server/README.md and the scale-out tests use. */
export const BENCH_REDIS_URL =
  process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A fresh schema: what DATABASE_URL the server gets, and how to drop it. */
export interface BenchSchema {
  name: string;
  databaseUrl: string;
  drop(): Promise<void>;
}

/** Hides the password of a URL, so an error message never prints a credential. */
function shown(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}

async function withPg<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: BENCH_DATABASE_URL,
    connectionTimeoutMillis: 5_000,
    query_timeout: 30_000,
  });
  try {
    await client.connect();
  } catch (err) {
    throw new Error(
      `PostgreSQL is not reachable at ${shown(BENCH_DATABASE_URL)} (set BENCH_DATABASE_URL): ${(err as Error).message}`,
    );
  }
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates `bench_chat_<random>`; the server has no schema setting, so its DATABASE_URL carries
 * `options=-c search_path=<schema>` (pg passes it to the connection's startup).
 */
export async function createSchema(): Promise<BenchSchema> {
  const name = `bench_chat_${randomBytes(6).toString('hex')}`;
  await withPg((c) => c.query(`create schema "${name}"`));
  const sep = BENCH_DATABASE_URL.includes('?') ? '&' : '?';
  const options = encodeURIComponent(`-c search_path=${name}`);
  return {
    name,
    databaseUrl: `${BENCH_DATABASE_URL}${sep}options=${options}`,
    drop: () => withPg((c) => c.query(`drop schema if exists "${name}" cascade`)).then(() => {}),
  };
}

/** A Redis client that fails fast instead of retrying forever; `lastError` says why it failed. */
function redisClient(): { redis: Redis; lastError: () => string | undefined } {
  const redis = new Redis(BENCH_REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 3_000,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  let last: string | undefined;
  redis.on('error', (err: Error) => (last = err.message));
  return { redis, lastError: () => last };
}

/** A Redis key prefix for one run, and how to delete what the servers left under it. */
export interface BenchRedis {
  url: string;
  prefix: string;
  clear(): Promise<void>;
}

/** Checks that Redis answers PING (throws with the reason otherwise) and picks a unique prefix. */
export async function reserveRedis(): Promise<BenchRedis> {
  const { redis, lastError } = redisClient();
  try {
    await redis.connect();
    const pong = await redis.ping();
    if (pong !== 'PONG') throw new Error(`PING answered ${pong}`);
  } catch (err) {
    throw new Error(
      `Redis is not reachable at ${shown(BENCH_REDIS_URL)} (set BENCH_REDIS_URL): ${lastError() ?? (err as Error).message}`,
    );
  } finally {
    redis.disconnect();
  }
  const prefix = `amora-bench-${randomBytes(6).toString('hex')}-`;
  return { url: BENCH_REDIS_URL, prefix, clear: () => clearPrefix(prefix) };
}

/** Deletes the keys under `prefix` with SCAN (at most 1,000 rounds), never KEYS on a shared Redis. */
async function clearPrefix(prefix: string): Promise<void> {
  const { redis } = redisClient();
  try {
    await redis.connect();
    let cursor = '0';
    for (let round = 0; round < 1_000; round++) {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
      if (cursor === '0') break;
    }
  } finally {
    redis.disconnect();
  }
}
