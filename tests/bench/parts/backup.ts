/**
 * Backups of the seeded site on each engine: how long `npm run admin -- backup` takes and how large
 * the backup is, the site's latency on GET /api/user.php while it runs next to the same load
 * without it, and how long the restore into an empty folder and schema takes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createSchema } from '../lib/chat-stores';
import { demoCookie } from '../lib/member-session';
import { run, startServer, tempDir } from '../lib/processes';
import type { Part, Row } from '../lib/report';

/** Connections of the load, as in the api part. */
const CONNECTIONS = 10;
/** Length of the run without a backup. */
const BASELINE_MS = 10_000;

/** One load run: latency percentiles and throughput. */
interface Load {
  p50: number;
  p95: number;
  reqPerSec: number;
  failed: number;
}

const percentile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const value = sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return Math.round(value * 10) / 10;
};

/** Loads GET /api/user.php as the demo member until `until` settles. */
function loadUntil(url: string, cookie: string, until: Promise<unknown>): Promise<Load> {
  const times: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${url}/api/user.php`,
        connections: CONNECTIONS,
        duration: 36_000,
        headers: { cookie },
      },
      (error, result) =>
        error
          ? reject(error)
          : resolve({
              p50: percentile(times, 0.5),
              p95: percentile(times, 0.95),
              reqPerSec: Math.round(result.requests.average),
              failed: result.errors + result.timeouts + result.non2xx,
            }),
    );
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
    void until.finally(() => instance.stop());
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the admin CLI as `npm run admin` does; answers its wall time in seconds. */
async function admin(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const started = Date.now();
  await run(
    process.execPath,
    ['--import', 'tsx', 'server/admin/cli.ts', ...args],
    env,
    undefined,
    3_600_000,
  );
  return (Date.now() - started) / 1000;
}

/** Seeds `members`, starts the compiled server, then measures load alone, backup under load, restore. */
async function measureEngine(
  engine: 'SQLite' | 'PostgreSQL',
  members: number,
  cleanups: (() => Promise<void>)[],
): Promise<Row> {
  const schemaUrl = async () => {
    const schema = await createSchema();
    cleanups.push(() => schema.drop());
    return schema.databaseUrl;
  };
  const site = {
    DATA_DIR: tempDir(`backup-${engine}`),
    DATABASE_URL: engine === 'SQLite' ? '' : await schemaUrl(),
  };
  const seeded = Date.now();
  await run(
    process.execPath,
    ['--import', 'tsx', 'server/seed/cli.ts', '--members', String(members)],
    site,
    undefined,
    3_600_000,
  );
  const seedSeconds = (Date.now() - seeded) / 1000;
  const server = await startServer(site.DATA_DIR, site);
  cleanups.push(() => server.stop());
  const cookie = await demoCookie(server.url);

  await loadUntil(server.url, cookie, sleep(2_000)); // warm-up
  const alone = await loadUntil(server.url, cookie, sleep(BASELINE_MS));
  const dir = join(tempDir(`backup-${engine}-copy`), 'backup');
  let backupSeconds = 0;
  const backup = admin(['backup', dir], site).then((s) => (backupSeconds = s));
  const during = await loadUntil(server.url, cookie, backup);
  await backup;
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
    files: { size: number }[];
  };
  const bytes = manifest.files.reduce((sum, f) => sum + f.size, 0);

  const target = {
    DATA_DIR: join(tempDir(`backup-${engine}-restored`), 'data'),
    DATABASE_URL: engine === 'SQLite' ? '' : await schemaUrl(),
  };
  const restoreSeconds = await admin(['restore', dir], target);
  if (alone.failed + during.failed > 0) {
    throw new Error(`${engine}: ${alone.failed + during.failed} requests failed under load`);
  }
  return {
    engine,
    'seeded in s': Math.round(seedSeconds),
    'backup s': +backupSeconds.toFixed(1),
    'backup MB': +(bytes / 1e6).toFixed(1),
    'restore s': +restoreSeconds.toFixed(1),
    'p95 ms without backup': alone.p95,
    'p95 ms during backup': during.p95,
    'p50 ms without / during': `${alone.p50} / ${during.p50}`,
    'req/s without / during': `${alone.reqPerSec} / ${during.reqPerSec}`,
  };
}

/** Registered in run.ts's PARTS; runs alone as `npm run bench -- backup`. */
export const backupPart: Part = {
  name: 'backup',
  async run(opts) {
    const cleanups: (() => Promise<void>)[] = [];
    try {
      const rows = [
        await measureEngine('SQLite', opts.members, cleanups),
        await measureEngine('PostgreSQL', opts.members, cleanups),
      ];
      return {
        note:
          `${opts.members.toLocaleString('en')} seeded members on each engine. The compiled ` +
          'server (NODE_ENV=production) takes GET /api/user.php as the demo member from ' +
          `${CONNECTIONS} connections: ${BASELINE_MS / 1000} s alone, then for as long as ` +
          '`npm run admin -- backup DIR` runs (the process, TypeScript loading included: ' +
          'VACUUM INTO on SQLite, pg_dump -Fc on PostgreSQL, the member files, checksums). ' +
          'Restore: `npm run admin -- restore DIR` into an empty folder and schema, checksums ' +
          'and row counts checked. Backup MB counts every file the manifest lists.',
        rows,
      };
    } finally {
      for (const cleanup of cleanups.reverse()) await cleanup();
    }
  },
};
