/** API throughput: the real server on a seeded database against a bare node:http server. */
import { LIKED, seededServers, WRITTEN, type SeededServer } from '../lib/api-stores';
import { startBaseline } from '../lib/processes';
import { measure } from '../lib/load';
import type { Part } from '../lib/report';

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

/** Registered in run.ts's PARTS; runs alone as `npm run bench -- api`. */
export const apiPart: Part = {
  name: 'api',
  async run(opts) {
    const members = opts.members;
    const cleanups: (() => Promise<void>)[] = [];
    try {
      const { sqlite, postgres } = await seededServers(members, cleanups);
      const userRes = await fetch(`${sqlite.url}/api/user.php`, {
        headers: { cookie: sqlite.cookie },
      });
      const etag = userRes.headers.get('etag');
      const userBody = await userRes.text();
      if (!etag) throw new Error('user.php answered without an ETag');
      const bare = await startBaseline('tests/bench/lib/bare-server.ts', String(userBody.length));
      cleanups.push(async () => void bare.kill());
      const on = (server: SeededServer) => ({ cookie: server.cookie });
      const figures = await measure([
        { name: 'bare node:http JSON', url: bare.url },
        { name: 'GET /api/user.php', url: `${sqlite.url}/api/user.php`, headers: on(sqlite) },
        {
          name: 'GET /api/user.php unchanged (304)',
          url: `${sqlite.url}/api/user.php`,
          headers: { ...on(sqlite), 'if-none-match': etag },
          expectStatus: 304,
        },
        {
          name: 'GET /api/search.php',
          url: `${sqlite.url}/api/search.php`,
          headers: on(sqlite),
          paths: searchPaths(),
        },
        {
          name: 'GET /api/search.php (PostgreSQL)',
          url: `${postgres.url}/api/search.php`,
          headers: on(postgres),
          paths: searchPaths(),
        },
        { name: 'GET /api/chats.php', url: `${sqlite.url}/api/chats.php`, headers: on(sqlite) },
        { name: 'GET /api/likes.php', url: `${sqlite.url}/api/likes.php`, headers: on(sqlite) },
      ]);
      const base = figures['bare node:http JSON']!.reqPerSec;
      if (!(base > 0)) throw new Error('the bare node:http server answered nothing');
      const rows = Object.entries(figures).map(([name, f]) => ({
        measurement: name,
        'req/s': Math.round(f.reqPerSec),
        'p50 ms': f.p50,
        'p95 ms': f.p95,
        'p99 ms': f.p99,
        'ratio to bare': +(f.reqPerSec / base).toFixed(2),
        'errors + unexpected status': f.errors + f.non2xx,
      }));
      const failed = rows.filter(
        (r) => r['errors + unexpected status'] > 0 && r.measurement !== 'bare node:http JSON',
      );
      if (failed.length)
        throw new Error(`requests failed during the run: ${JSON.stringify(failed)}`);
      return {
        note:
          `${members.toLocaleString('en')} seeded members on each engine (SQLite seeded in ` +
          `${sqlite.seedSeconds.toFixed(0)} s, PostgreSQL in ${postgres.seedSeconds.toFixed(0)} s). ` +
          'The compiled server (NODE_ENV=production) with every production layer: session cookie, ' +
          'rate limits, security headers and CSP, metrics, compression; SQLite unless the row ' +
          `says PostgreSQL. Before the runs the demo member likes ${LIKED} members and writes to ` +
          `${WRITTEN} of them (the chats and likes lists). Search cycles 15 filters ` +
          '(5 countries and genders × pages 1, 2, 5). The 304 row sends the ETag of the ' +
          'unchanged user.php. 10 connections, median of 3 × 5 s runs, interleaved; the bare ' +
          'server answers a JSON body as long as user.php.',
        rows,
      };
    } finally {
      for (const cleanup of cleanups.reverse()) await cleanup();
    }
  },
};
