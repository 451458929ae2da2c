/**
 * scripts/two-instances.mjs, the container-free way to run two instances on one machine: both
 * compiled servers on one PostgreSQL schema and one Redis, behind its round-robin proxy. Needs
 * PostgreSQL and Redis (TEST_DATABASE_URL, TEST_REDIS_URL); skipped when PostgreSQL is not among
 * API_TEST_ENGINES.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/plugins/session';
import { ENGINES, inSchema, TEST_DATABASE_URL, withPg } from './helper';
import { openStream } from './sse-client';
import { serverlessEnv } from './support/server-process';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const runs = ENGINES.includes('postgres') ? describe : describe.skip;

runs('two instances behind one address (npm run two-instances)', () => {
  const schema = `two_${randomBytes(6).toString('hex')}`;
  const prefix = `amora-two-${randomBytes(6).toString('hex')}-`;
  const dataDir = mkdtempSync(join(tmpdir(), 'amora-two-'));
  let script: ChildProcess | undefined;
  let exited: Promise<unknown[]> | undefined;
  let origin = '';
  let output = '';

  beforeAll(async () => {
    await withPg((c) => c.query(`create schema "${schema}"`));
    script = spawn(process.execPath, ['scripts/two-instances.mjs', '--no-client'], {
      env: {
        ...serverlessEnv(),
        DATABASE_URL: inSchema(TEST_DATABASE_URL, schema),
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: prefix,
        DATA_DIR: dataDir,
        SEED_MEMBERS: '0',
        PORT: '0',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    exited = once(script, 'exit');
    script.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    script.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    for (;;) {
      const address = /behind (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (address) {
        origin = address;
        break;
      }
      if (script.exitCode !== null) throw new Error(`two-instances exited:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 180_000);

  afterAll(async () => {
    if (script && script.exitCode === null) script.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    await withPg((c) => c.query(`drop schema if exists "${schema}" cascade`));
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  const call = (path: string, init: RequestInit & { cookie?: string } = {}) =>
    fetch(`${origin}${path}`, {
      ...init,
      headers: {
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.cookie ? { cookie: `${SESSION_COOKIE}=${init.cookie}` } : {}),
      },
    });
  const instanceOf = (res: Response) => res.headers.get('x-amora-instance');

  async function login(email: string): Promise<string> {
    const res = await call('/api/login.php', {
      method: 'POST',
      body: JSON.stringify({ email, password: 'amora-demo-2026' }),
    });
    expect(res.status).toBe(200);
    const cookie = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(
      res.headers.get('set-cookie') ?? '',
    )?.[1];
    expect(cookie).toBeTruthy();
    return cookie ?? '';
  }

  it('hands requests to both instances in turn', async () => {
    const seen = [];
    for (let i = 0; i < 4; i++) {
      const res = await call('/api/health');
      expect(res.status).toBe(200);
      seen.push(instanceOf(res));
    }
    expect(new Set(seen)).toEqual(new Set(['a', 'b']));
  });

  it('keeps a session made on one instance on the other', async () => {
    const cookie = await login('demo@example.com');
    const answers = [
      await call('/api/user.php', { cookie }),
      await call('/api/user.php', { cookie }),
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    expect(new Set(answers.map(instanceOf))).toEqual(new Set(['a', 'b']));
  });

  it('brings a like made through one instance live to a stream held by the other', async () => {
    const anna = await login('demo@example.com');
    const bram = await login('demo2@example.com');
    const me = (await (await call('/api/user.php', { cookie: anna })).json()) as {
      user: { id: number };
    };
    const stream = await openStream(`${origin}/api/events.php`, anna);
    await stream.until((text) => text.startsWith('retry:'));
    const streamInstance = instanceOf(stream.response);
    let likeInstance = streamInstance;
    // Round robin: of two requests in a row, one reaches the other instance (likes are idempotent).
    for (let i = 0; i < 2 && likeInstance === streamInstance; i++) {
      const res = await call('/api/likes.php', {
        method: 'POST',
        cookie: bram,
        body: JSON.stringify({ profile: me.user.id }),
      });
      expect(res.status).toBeLessThan(300);
      likeInstance = instanceOf(res);
    }
    expect(likeInstance).not.toBe(streamInstance);
    await stream.until((text) => text.includes('"type":"like"'), 15_000);
    stream.close();
  });

  it('stops both instances on SIGTERM and exits 0', async () => {
    script?.kill('SIGTERM');
    expect(await exited).toEqual([0, null]);
    expect(output).toMatch(/\[a\] .*is running at/);
    expect(output).toMatch(/\[b\] .*is running at/);
  });
});
