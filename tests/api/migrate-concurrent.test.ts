/**
 * Two server instances started at once migrate once (db/database.ts `migrateToLatest`): two
 * processes migrate one empty store at the same moment, on one SQLite file and on one PostgreSQL
 * schema. Each migration runs in exactly one of them, both succeed, and `kysely_migration` holds
 * each migration once. Without the SQLite lock the second process ran them again and failed
 * ("table members already exists").
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../server/config';
import { migrations } from '../../server/migrations/index';
import { ENGINES, TEST_DATABASE_URL, withPg } from './helper';
import { serverlessEnv } from './support/server-process';

/** Stores migrated by two processes each, per engine: the race is tight, so a few tries. */
const ROUNDS = 3;

/** What one migrating process reported. */
interface Outcome {
  code: number | null;
  results?: { name: string; status: string }[];
  startedAt?: number;
  endedAt?: number;
  error?: string;
}

/** Starts a migrating process and resolves once it has opened the database. */
async function startMigrator(args: string[]) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', resolve(ROOT_DIR, 'tests/api/support/migrate-process.ts'), ...args],
    { cwd: ROOT_DIR, env: serverlessEnv(), stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = once(child, 'exit') as Promise<[number | null]>;
  while (!out.includes('ready\n')) {
    if (child.exitCode !== null) throw new Error(`migrator exited early:\n${out}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    go: () => child.stdin.end('go\n'),
    async outcome(): Promise<Outcome> {
      const [code] = await exited;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      return { code, ...(line ? (JSON.parse(line) as Omit<Outcome, 'code'>) : { error: out }) };
    },
  };
}

/** Starts two migrations of one store at the same moment; returns what each did. */
async function migrateTwice(args: string[]): Promise<Outcome[]> {
  const both = await Promise.all([startMigrator(args), startMigrator(args)]);
  for (const m of both) m.go();
  return Promise.all(both.map((m) => m.outcome()));
}

function expectMigratedOnce(outcomes: Outcome[], recorded: string[]) {
  const names = Object.keys(migrations);
  for (const o of outcomes) expect(o, JSON.stringify(o)).toMatchObject({ code: 0 });
  expect(outcomes.every((o) => o.error === undefined)).toBe(true);
  // Every migration ran in exactly one of the two processes, successfully.
  const ran = outcomes.flatMap((o) => o.results ?? []);
  expect(ran.map((r) => r.name).sort()).toEqual([...names].sort());
  expect(ran.every((r) => r.status === 'Success')).toBe(true);
  expect(recorded.sort()).toEqual([...names].sort());
  // They really ran at the same time: the second started before the first had finished.
  const [a, b] = outcomes;
  expect(Math.max(a?.startedAt ?? 0, b?.startedAt ?? 0)).toBeLessThan(
    Math.min(a?.endedAt ?? 0, b?.endedAt ?? 0),
  );
}

describe('two processes migrating one empty store at once', () => {
  it.runIf(ENGINES.includes('sqlite'))(
    'SQLite: one file, each migration once',
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const dir = mkdtempSync(join(tmpdir(), 'amora-migrate-twice-'));
        try {
          const outcomes = await migrateTwice([dir]);
          const db = new BetterSqlite3(join(dir, 'app.db'), { readonly: true });
          try {
            const rows = db.prepare('select name from kysely_migration').all() as {
              name: string;
            }[];
            expectMigratedOnce(
              outcomes,
              rows.map((r) => r.name),
            );
          } finally {
            db.close();
          }
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      }
    },
    60_000,
  );

  it.runIf(ENGINES.includes('postgres'))(
    'PostgreSQL: one schema, each migration once',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'amora-migrate-twice-'));
      try {
        for (let round = 0; round < ROUNDS; round++) {
          const schema = `test_twice_${randomBytes(6).toString('hex')}`;
          await withPg((c) => c.query(`create schema "${schema}"`));
          try {
            const outcomes = await migrateTwice([dir, TEST_DATABASE_URL, schema]);
            const { rows } = await withPg((c) =>
              c.query<{ name: string }>(`select name from "${schema}".kysely_migration`),
            );
            expectMigratedOnce(
              outcomes,
              rows.map((r) => r.name),
            );
          } finally {
            await withPg((c) => c.query(`drop schema if exists "${schema}" cascade`));
          }
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
