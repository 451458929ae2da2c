/**
 * Lander throughput: the compiled server answering lander pages (each one a counted funnel view)
 * and the lander data call, side by side with an earlier commit's server on the same data
 * (`--before REV`), so what counting views costs a lander request is measured in one run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startRevisionServer } from '../lib/before-server';
import { measure, type Target } from '../lib/load';
import { run, startServer, tempDir, type Running } from '../lib/processes';
import type { Part, Row } from '../lib/report';

/** Lander pages as partners link them: eight designs, several slugs, tracking values that vary. */
function landerPaths(): string[] {
  const designs = ['video', 'gallery', 'maplanding', 'alonetonight', 'iconslanding'];
  const slugs = ['eng', 'she-nl', 'milf-de', 'gay-it'];
  const paths: string[] = [];
  for (const [i, design] of designs.entries()) {
    for (const [j, slug] of slugs.entries()) {
      paths.push(`/landers/${design}/${slug}?network=net${j}&sub1=banner${i}&sub2=${i * j}`);
    }
  }
  return paths;
}

const LANDER_API = ['eng', 'she-nl', 'milf-de', 'gay-it'].map((s) => `/api/lander.php?slug=${s}`);

function targets(url: string, label: string): Target[] {
  return [
    { name: `GET lander page${label}`, url: `${url}/landers/video/eng`, paths: landerPaths() },
    { name: `GET /api/lander.php${label}`, url: `${url}/api/lander.php`, paths: LANDER_API },
  ];
}

/** Registered in run.ts's PARTS; runs alone as `npm run bench -- lander-throughput --before REV`. */
export const landerThroughputPart: Part = {
  name: 'lander-throughput',
  async run(opts) {
    const cleanups: (() => Promise<void>)[] = [];
    try {
      const dataDir = tempDir('landers');
      await run(
        process.execPath,
        ['--import', 'tsx', 'server/seed/cli.ts', '--members', String(opts.members)],
        { DATA_DIR: dataDir },
        undefined,
        1_800_000,
      );
      // The app shell alone: the cheapest page the server sends, so counting weighs most on it.
      const clientDir = join(dataDir, 'client');
      mkdirSync(clientDir, { recursive: true });
      writeFileSync(
        join(clientDir, 'index.html'),
        '<!doctype html><html lang="en"><head><title>Amora</title></head><body><div id="root"></div></body></html>',
      );
      const env = { CLIENT_DIR: clientDir };
      const now: Running = await startServer(dataDir, env);
      cleanups.push(() => now.stop());
      let before: Running | null = null;
      if (opts.before) {
        before = await startRevisionServer(opts.before, dataDir, '', env);
        cleanups.push(() => before!.stop());
      }
      const beforeLabel = ` (before: ${opts.before})`;
      // Five rounds: the difference looked for is a few percent.
      // Each route's before and after run back to back, so the machine's drift hits both alike.
      const earlier = before ? targets(before.url, beforeLabel) : [];
      const figures = await measure(
        targets(now.url, '').flatMap((target, i) => [earlier[i], target].filter((t) => !!t)),
        { rounds: 5 },
      );
      const rows = Object.entries(figures).map(([name, f]): Row => {
        const earlier = figures[`${name}${beforeLabel}`];
        return {
          measurement: name,
          'req/s': Math.round(f.reqPerSec),
          'p50 ms': f.p50,
          'p99 ms': f.p99,
          'ratio to before': earlier ? +(f.reqPerSec / earlier.reqPerSec).toFixed(3) : '',
          'errors + unexpected status': f.errors + f.non2xx,
        };
      });
      const failed = rows.filter((r) => Number(r['errors + unexpected status']) > 0);
      if (failed.length) throw new Error(`requests failed: ${JSON.stringify(failed)}`);
      return {
        note:
          `${opts.members.toLocaleString('en')} seeded members, SQLite, the compiled server ` +
          '(NODE_ENV=production) with every production layer. The page rows cycle 20 lander ' +
          'addresses (5 designs × 4 slugs, each with network and sub-ids), answered with the app ' +
          'shell (no client build), each a funnel view counted in memory and written every 5 s; ' +
          'the lander.php rows cycle 4 slugs and count nothing. ' +
          (before
            ? `Rows marked before are commit ${opts.before}'s server on the same data. `
            : '') +
          '10 connections, median of 5 × 5 s runs, interleaved.',
        rows,
      };
    } finally {
      for (const cleanup of cleanups.reverse()) await cleanup();
    }
  },
};
