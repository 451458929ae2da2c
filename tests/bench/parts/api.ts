/** API throughput: the real server on a seeded database against a bare node:http server. */
import { spawn } from 'node:child_process';
import { freePort, run, startServer, tempDir, waitForHttp } from '../lib/processes';
import { measure } from '../lib/load';
import type { Part } from '../lib/report';

const DEMO = { email: 'demo@example.com', password: 'amora-demo-2026' };

async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/login.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  const cookie = res.headers.get('set-cookie');
  if (!res.ok || !cookie) throw new Error(`demo login failed: ${res.status}`);
  return cookie.split(';')[0]!;
}

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
    const dataDir = tempDir('api');
    const seedStart = Date.now();
    await run(
      process.execPath,
      ['--import', 'tsx', 'server/seed/cli.ts', '--members', String(members)],
      {
        DATA_DIR: dataDir,
      },
    );
    const seedSeconds = (Date.now() - seedStart) / 1000;

    const server = await startServer(dataDir);
    const barePort = await freePort();
    const bare = spawn(
      process.execPath,
      ['--import', 'tsx', 'tests/bench/lib/bare-server.ts', String(barePort)],
      {
        stdio: 'ignore',
      },
    );
    try {
      await waitForHttp(`http://127.0.0.1:${barePort}/`);
      const cookie = await login(server.url);
      const userBody = await (
        await fetch(`${server.url}/api/user.php`, { headers: { cookie } })
      ).text();
      bare.kill();
      await new Promise((r) => bare.once('exit', r));
      const sizedBare = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          'tests/bench/lib/bare-server.ts',
          String(barePort),
          String(userBody.length),
        ],
        { stdio: 'ignore' },
      );
      try {
        await waitForHttp(`http://127.0.0.1:${barePort}/`);
        const figures = await measure([
          { name: 'bare node:http JSON', url: `http://127.0.0.1:${barePort}/` },
          { name: 'GET /api/user.php', url: `${server.url}/api/user.php`, headers: { cookie } },
          {
            name: 'GET /api/search.php',
            url: `${server.url}/api/search.php`,
            headers: { cookie },
            paths: searchPaths(),
          },
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
          'errors + non-2xx': f.errors + f.non2xx,
        }));
        const failed = rows.filter(
          (r) => r['errors + non-2xx'] > 0 && r.measurement !== 'bare node:http JSON',
        );
        if (failed.length)
          throw new Error(`requests failed during the run: ${JSON.stringify(failed)}`);
        return {
          note: `${members.toLocaleString('en')} seeded members (seeded in ${seedSeconds.toFixed(0)} s); 10 connections, median of 3 × 5 s runs, interleaved.`,
          rows,
        };
      } finally {
        sizedBare.kill();
      }
    } finally {
      bare.kill();
      await server.stop();
    }
  },
};
