/**
 * The API part's servers: the same number of members seeded into SQLite and into a fresh PostgreSQL
 * schema, a compiled server on each, and a demo member with likes and conversations to list.
 */
import { randomUUID } from 'node:crypto';
import { createSchema } from './chat-stores';
import { demoCookie } from './member-session';
import { run, startServer, tempDir } from './processes';

/** Members the demo account likes and writes to before the runs, so its lists are not empty. */
export const LIKED = 30;
export const WRITTEN = 12;

/** A seeded server, the demo member's cookie, and how long the seed took. */
export interface SeededServer {
  url: string;
  cookie: string;
  seedSeconds: number;
  /** The data folder and DATABASE_URL the server runs on, for more servers on the same data. */
  dataDir: string;
  databaseUrl: string;
  stop(): Promise<void>;
}

async function call(url: string, cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { cookie, origin: url, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as unknown;
}

/** Likes and first messages from the demo member, through the API as the app sends them. */
async function fillLists(url: string, cookie: string): Promise<void> {
  const found = (await call(
    url,
    cookie,
    'GET',
    `/api/search.php?manual_search=1&country=&countryregion=0&gender=&min_age=18&max_age=99&pp=${LIKED}`,
  )) as { profiles: { id: number }[] };
  const ids = found.profiles.map((p) => p.id).slice(0, LIKED);
  if (ids.length < LIKED) throw new Error(`only ${ids.length} members to like`);
  for (const profile of ids) await call(url, cookie, 'POST', '/api/likes.php', { profile });
  for (const profile of ids.slice(0, WRITTEN)) {
    const { id } = (await call(url, cookie, 'GET', `/api/chat.php?profile=${profile}`)) as {
      id: number;
    };
    await call(url, cookie, 'POST', '/api/chat.php', {
      conversation: id,
      message: 'Hello! Your profile made me smile.',
      client_id: randomUUID(),
    });
  }
}

/** Seeds `members` on the engine DATABASE_URL selects (empty: SQLite) and starts a server on it. */
async function seeded(
  label: string,
  members: number,
  databaseUrl: string,
  cleanups: (() => Promise<void>)[],
): Promise<SeededServer> {
  const dataDir = tempDir(label);
  const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
  const started = Date.now();
  await run(
    process.execPath,
    ['--import', 'tsx', 'server/seed/cli.ts', '--members', String(members)],
    env,
    undefined,
    1_800_000,
  );
  const seedSeconds = (Date.now() - started) / 1000;
  const server = await startServer(dataDir, env);
  cleanups.push(() => server.stop());
  const cookie = await demoCookie(server.url);
  await fillLists(server.url, cookie);
  return {
    url: server.url,
    cookie,
    seedSeconds,
    dataDir,
    databaseUrl,
    stop: () => server.stop(),
  };
}

/** Both servers; `cleanups` stops them and drops the schema, newest first. */
export async function seededServers(members: number, cleanups: (() => Promise<void>)[]) {
  const sqlite = await seeded('api-sqlite', members, '', cleanups);
  const schema = await createSchema();
  cleanups.push(() => schema.drop());
  const postgres = await seeded('api-pg', members, schema.databaseUrl, cleanups);
  return { sqlite, postgres };
}
