/**
 * Lander throughput: the compiled server answering lander pages (each one a counted funnel view)
 * and the lander data call, side by side with an earlier commit's server on the same data
 * (`--before REV`), so what counting views costs a lander request is measured in one run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pageViewOf } from '../../../server/services/page-views';
import { ViewCounter } from '../../../server/services/view-counter';
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

/**
 * What counting one view costs in this process: deciding that a page request is a view and its
 * dimensions (pageViewOf) and adding it to the in-memory counter, over the same addresses as the
 * load test, as the median of several timed loops. Unlike the throughput ratio, this does not
 * move with the machine's load, and set against a request's time it bounds what counting costs.
 */
function countingCost(): { perViewUs: number; loops: number; views: number } {
  const urls = landerPaths();
  const counter = new ViewCounter(
    () => Promise.resolve(),
    () => undefined,
  );
  const views = 200_000;
  const timings: number[] = [];
  for (let loop = 0; loop < 7; loop += 1) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < views; i += 1) {
      const view = pageViewOf(urls[i % urls.length]!, 'en', {});
      if (view) counter.count(view.event, view.dimensions);
    }
    timings.push(Number(process.hrtime.bigint() - start) / 1000 / views);
  }
  if (counter.waiting !== 7 * views) throw new Error('not every address was counted as a view');
  timings.sort((a, b) => a - b);
  return { perViewUs: timings[3]!, loops: 7, views };
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
      const cost = countingCost();
      // The server answers on one thread, saturated by 10 connections: a request's share of it.
      const requestUs = 1e6 / (figures['GET lander page']?.reqPerSec ?? Number.NaN);
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
          '10 connections, median of 5 × 5 s runs, interleaved. The second table times counting ' +
          `itself in the bench process (pageViewOf and the in-memory counter, the same addresses, ` +
          `median of ${cost.loops} loops of ${cost.views.toLocaleString('en')} views) against the ` +
          "server's time per lander page (1 / req/s, one thread saturated).",
        rows,
        tables: [
          {
            title: 'What counting a view costs a lander request',
            rows: [
              {
                measurement: 'count one view (µs)',
                value: +cost.perViewUs.toFixed(3),
              },
              { measurement: 'server time per lander page (µs)', value: Math.round(requestUs) },
              {
                measurement: 'counting as a share of a lander request',
                value: `${((100 * cost.perViewUs) / requestUs).toFixed(2)} %`,
              },
            ],
          },
        ],
      };
    } finally {
      for (const cleanup of cleanups.reverse()) await cleanup();
    }
  },
};
