/**
 * Builds the app for one database engine with an isolated store (a temp folder for SQLite, a fresh
 * schema for PostgreSQL) and tears it all down afterwards.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app';
import {
  DEFAULT_RATE_LIMITS,
  loadConfig,
  type AppConfig,
  type SiteConfig,
} from '../../server/config';
import type { Engine } from '../../server/db/database';

/** Engines every API test file runs on: API_TEST_ENGINES, default both. */
export const ENGINES: Engine[] = (process.env.API_TEST_ENGINES ?? 'sqlite,postgres')
  .split(',')
  .map((e) => e.trim())
  .filter((e): e is Engine => e === 'sqlite' || e === 'postgres');

export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** What a test may change in the config; `site` is merged into the default site config. */
export type TestOverrides = Partial<Omit<AppConfig, 'site'>> & { site?: Partial<SiteConfig> };

/** A built app and how to tear it down. */
export interface TestApp {
  app: FastifyInstance;
  engine: Engine;
  /** The config the app was built with; `buildSiblingApp` reuses its store. */
  config: AppConfig;
  /** The temp folder holding data, uploads and whatever the test writes. */
  dir: string;
  close(): Promise<void>;
}

/**
 * The database URL with `schema` first on the search path (a libpq startup option), for tests that
 * hand a server process its own schema through DATABASE_URL.
 */
export function inSchema(url: string, schema: string): string {
  const withOptions = new URL(url);
  withOptions.searchParams.set('options', `-c search_path=${schema}`);
  return withOptions.toString();
}

export async function withPg<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Builds a ready app on `engine`; call `close()` in afterAll. */
export async function buildTestApp(
  engine: Engine,
  overrides: TestOverrides = {},
): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'amora-api-'));
  const base = loadConfig({ DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  let schema: string | undefined;
  if (engine === 'postgres') {
    schema = `test_${randomBytes(6).toString('hex')}`;
    await withPg((c) => c.query(`create schema "${schema}"`));
  }
  const { site, ...rest } = overrides;
  const config: AppConfig = {
    ...base,
    databaseUrl: engine === 'postgres' ? TEST_DATABASE_URL : undefined,
    dbSchema: schema,
    clientDir: join(dir, 'client'),
    localesDir: join(dir, 'locales'),
    // Tests make many calls from one IP; the rate-limit tests set their own low limits.
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      global: 100_000,
      login: 1000,
      signup: 1000,
      validateEmail: 1000,
      passwordReset: 1000,
      mailChange: 1000,
      accountDelete: 1000,
      passwordChange: 1000,
    },
    ...rest,
    site: { ...base.site, ...site },
  };
  const dropStore = async () => {
    if (schema) await withPg((c) => c.query(`drop schema "${schema}" cascade`));
    rmSync(dir, { recursive: true, force: true });
  };
  let app: FastifyInstance;
  try {
    app = await buildApp(config);
    await app.ready();
  } catch (err) {
    await dropStore();
    throw err;
  }
  return {
    app,
    engine,
    config,
    dir,
    async close() {
      await app.close();
      await dropStore();
    },
  };
}

/**
 * A second app instance on the same store as `first` (same SQLite file or PostgreSQL schema), as
 * behind a load balancer. Close it before `first`, whose close drops the store.
 */
export async function buildSiblingApp(
  first: TestApp,
  overrides: Partial<AppConfig> = {},
): Promise<TestApp> {
  const config: AppConfig = { ...first.config, ...overrides };
  const app = await buildApp(config);
  await app.ready();
  return { app, engine: first.engine, config, dir: first.dir, close: () => app.close() };
}
