/**
 * API throughput: the real server on a seeded database against a bare node:http server and against
 * its same-stack floor (Fastify + the database driver, the same reads, nothing else); optionally
 * an earlier commit's server on the same data (`--before REV`), and CPU profiles of user.php.
 */
import { join } from 'node:path';
import { LIKED, seededServers, WRITTEN, type SeededServer } from '../lib/api-stores';
import { startRevisionServer } from '../lib/before-server';
import {
  startBaseline,
  startBaselineWith,
  startServer,
  tempDir,
  type Running,
} from '../lib/processes';
import { measure, type Target } from '../lib/load';
import type { Part, Row } from '../lib/report';
import { profileUnderLoad } from '../lib/profile-run';

function searchPaths(): string[] {
  const paths: string[] = [];
  for (const [country, gender, min, max] of [
    ['NL', 'female', 26, 35],
    ['DE', 'male', 36, 45],
    ['GB', '', 18, 25],
    ['US', 'female', 46, 55],
    ['', 'male', 26, 35],
  ] as const) {
    for (const page of [1, 2, 5]) {
      paths.push(
        `/api/search.php?manual_search=1&country=${country}&countryregion=0&gender=${gender}` +
          `&min_age=${min}&max_age=${max}&page=${page}`,
      );
    }
  }
  return paths;
}

const BARE = 'bare node:http JSON';
const FLOOR = 'floor (Fastify + better-sqlite3)';
const FLOOR_PG = 'floor (Fastify + pg)';

/** The measured routes of one server; `label` marks another server's rows. */
/** The ETags of the demo member's unchanged polls, for the 304 rows. */
interface PollTags {
  user: string;
  likes: string;
  chats: string;
}

function routeTargets(
  sqliteUrl: string,
  postgresUrl: string,
  cookies: { sqlite: string; postgres: string },
  tags: PollTags,
  label = '',
): Target[] {
  const on = { cookie: cookies.sqlite };
  const onPg = { cookie: cookies.postgres };
  return [
    { name: `GET /api/user.php${label}`, url: `${sqliteUrl}/api/user.php`, headers: on },
    ...(['user', 'likes', 'chats'] as const).flatMap((route): Target[] => [
      ...(route === 'user'
        ? []
        : [
            {
              name: `GET /api/${route}.php${label}`,
              url: `${sqliteUrl}/api/${route}.php`,
              headers: on,
            },
          ]),
      {
        name: `GET /api/${route}.php unchanged (304)${label}`,
        url: `${sqliteUrl}/api/${route}.php`,
        headers: { ...on, 'if-none-match': tags[route] },
        expectStatus: 304,
      },
    ]),
    {
      name: `GET /api/search.php${label}`,
      url: `${sqliteUrl}/api/search.php`,
      headers: on,
      paths: searchPaths(),
    },
    {
      name: `GET /api/search.php (PostgreSQL)${label}`,
      url: `${postgresUrl}/api/search.php`,
      headers: onPg,
      paths: searchPaths(),
    },
  ];
}

/** The floor row each route is held against. */
function floorOf(measurement: string): string | undefined {
  if (measurement.includes('(PostgreSQL)')) return `GET /api/search.php ${FLOOR_PG}`;
  const route = /GET \/api\/\w+\.php/.exec(measurement)?.[0];
  if (!route || measurement.includes('floor')) return undefined;
  return `${route} ${FLOOR}`;
}

/** The current ETag of the demo member's answer of `path`, for the unchanged polls. */
async function etagOf(server: SeededServer, path: string): Promise<string> {
  const res = await fetch(`${server.url}${path}`, { headers: { cookie: server.cookie } });
  const etag = res.headers.get('etag');
  await res.text();
  if (!etag) throw new Error(`${path} answered without an ETag`);
  return etag;
}

async function pollTags(server: SeededServer): Promise<PollTags> {
  return {
    user: await etagOf(server, '/api/user.php'),
    likes: await etagOf(server, '/api/likes.php'),
    chats: await etagOf(server, '/api/chats.php'),
  };
}

/** Registered in run.ts's PARTS; runs alone as `npm run bench -- api [--before REV]`. */
export const apiPart: Part = {
  name: 'api',
  async run(opts) {
    const members = opts.members;
    const cleanups: (() => Promise<void>)[] = [];
    try {
      const { sqlite, postgres } = await seededServers(members, cleanups);
      const userBody = await (
        await fetch(`${sqlite.url}/api/user.php`, { headers: { cookie: sqlite.cookie } })
      ).text();
      const bare = await startBaseline('tests/bench/lib/bare-server.ts', String(userBody.length));
      cleanups.push(async () => void bare.kill());
      const floor = await startBaseline(
        'tests/bench/lib/floor-server.ts',
        'sqlite',
        join(sqlite.dataDir, 'app.db'),
      );
      cleanups.push(async () => void floor.kill());
      const floorPg = await startBaseline(
        'tests/bench/lib/floor-server.ts',
        'postgres',
        postgres.databaseUrl,
      );
      cleanups.push(async () => void floorPg.kill());
      let before: { sqlite: Running; postgres: Running } | null = null;
      if (opts.before) {
        const onSqlite = await startRevisionServer(opts.before, sqlite.dataDir, '');
        cleanups.push(() => onSqlite.stop());
        const onPostgres = await startRevisionServer(
          opts.before,
          postgres.dataDir,
          postgres.databaseUrl,
        );
        cleanups.push(() => onPostgres.stop());
        before = { sqlite: onSqlite, postgres: onPostgres };
      }
      const tags = await pollTags(sqlite);
      const cookies = { sqlite: sqlite.cookie, postgres: postgres.cookie };
      const floorUrl = floor.url.replace(/\/$/, '');
      const floorPgUrl = floorPg.url.replace(/\/$/, '');
      const floorTargets = routeTargets(floorUrl, floorPgUrl, cookies, tags)
        .filter((t) => !t.expectStatus)
        .map((t) => ({
          ...t,
          name: t.name.includes('(PostgreSQL)')
            ? `GET /api/search.php ${FLOOR_PG}`
            : `${t.name} ${FLOOR}`,
        }));
      const beforeTargets = before
        ? routeTargets(
            before.sqlite.url,
            before.postgres.url,
            cookies,
            await pollTags({ ...sqlite, url: before.sqlite.url }),
            ` (before: ${opts.before})`,
          )
        : [];
      const figures = await measure([
        { name: BARE, url: bare.url },
        ...floorTargets,
        ...beforeTargets,
        ...routeTargets(sqlite.url, postgres.url, cookies, tags),
      ]);
      const base = figures[BARE]!.reqPerSec;
      if (!(base > 0)) throw new Error('the bare node:http server answered nothing');
      const rows = Object.entries(figures).map(([name, f]): Row => {
        const floorName = floorOf(name);
        const floorRate = floorName ? figures[floorName]?.reqPerSec : undefined;
        return {
          measurement: name,
          'req/s': Math.round(f.reqPerSec),
          'p50 ms': f.p50,
          'p95 ms': f.p95,
          'p99 ms': f.p99,
          'ratio to bare': +(f.reqPerSec / base).toFixed(2),
          'ratio to floor': floorRate ? +(f.reqPerSec / floorRate).toFixed(2) : '',
          'errors + unexpected status': f.errors + f.non2xx,
        };
      });
      const failed = rows.filter(
        (r) => Number(r['errors + unexpected status']) > 0 && r.measurement !== BARE,
      );
      if (failed.length)
        throw new Error(`requests failed during the run: ${JSON.stringify(failed)}`);

      const profileHeaders = { cookie: sqlite.cookie };
      const profiles = await profileUnderLoad(
        [
          {
            name: 'GET /api/user.php',
            start: (nodeArgs) =>
              startServer(sqlite.dataDir, { SHUTDOWN_DRAIN_DELAY_MS: '0' }, { nodeArgs }),
            path: '/api/user.php',
            headers: profileHeaders,
          },
          {
            name: 'GET /api/user.php unchanged (304)',
            start: (nodeArgs) =>
              startServer(sqlite.dataDir, { SHUTDOWN_DRAIN_DELAY_MS: '0' }, { nodeArgs }),
            path: '/api/user.php',
            headers: { ...profileHeaders, 'if-none-match': tags.user },
          },
          {
            name: `GET /api/user.php ${FLOOR}`,
            start: (nodeArgs) =>
              startBaselineWith(
                nodeArgs,
                'tests/bench/lib/floor-server.ts',
                'sqlite',
                join(sqlite.dataDir, 'app.db'),
              ),
            path: '/api/user.php',
            headers: profileHeaders,
          },
        ],
        tempDir('profiles'),
      );
      return {
        note:
          `${members.toLocaleString('en')} seeded members on each engine (SQLite seeded in ` +
          `${sqlite.seedSeconds.toFixed(0)} s, PostgreSQL in ${postgres.seedSeconds.toFixed(0)} s). ` +
          'The compiled server (NODE_ENV=production) with every production layer: session cookie, ' +
          'rate limits, security headers and CSP, origin checks, metrics, compression; SQLite ' +
          `unless the row says PostgreSQL. Before the runs the demo member likes ${LIKED} members ` +
          `and writes to ${WRITTEN} of them (the chats and likes lists). Search cycles 15 filters ` +
          '(5 countries and genders × pages 1, 2, 5). The 304 rows send the ETag of the ' +
          'unchanged answer. The floor is Fastify with no plugins and the bare driver ' +
          '(tests/bench/lib/floor-server.ts): the same session read by token hash and the same ' +
          "statements each route runs, on the same data, answering the same JSON; a 304 row's " +
          'floor is the full floor of its route. ' +
          (before
            ? `Rows marked before are commit ${opts.before}'s server on the same data. `
            : '') +
          '10 connections, median of 3 × 5 s runs, interleaved; the bare server answers a JSON ' +
          'body as long as user.php.',
        rows,
        tables: [
          {
            title:
              'CPU profile of user.php under the same load (node --cpu-prof, 5 s each server ' +
              'alone), CPU microseconds per request by layer: a package, a source file, or ' +
              "Node's own module; (native) is time in code the layer called (SQLite's step, " +
              'hashing, socket writes)',
            rows: profiles,
          },
        ],
      };
    } finally {
      for (const cleanup of cleanups.reverse()) await cleanup();
    }
  },
};
