/** Lighthouse (mobile) on the public routes of the real server, against a minimal static page. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { median } from '../lib/browser';
import { buildClient } from '../lib/client-build';
import { auditInFreshChromium, type LighthouseFigures } from '../lib/lighthouse-run';
import { startServer, tempDir } from '../lib/processes';
import { LIGHTHOUSE_PAGES, pageScreen } from '../lib/public-pages';
import { screenModules } from '../../../scripts/screen-assets';
import type { Part, Row } from '../lib/report';

// Lighthouse's own advice on variance: the median of five runs (a score moved by 15 points between
// runs of one build on this shared machine with three).
const RUNS = 5;
const FLOOR_FILE = 'bench-floor.html';
/** The floor: what the same server sends for the smallest page that can score 100 everywhere. */
const FLOOR_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="A minimal static page: the floor of the Amora benchmark." />
    <title>Benchmark floor</title>
  </head>
  <body>
    <main><h1>Benchmark floor</h1><p>A static page with no script and no style sheet.</p></main>
  </body>
</html>
`;

interface Summary {
  page: string;
  f: LighthouseFigures;
}

function summarise(page: string, runs: LighthouseFigures[]): Summary {
  const m = (pick: (f: LighthouseFigures) => number) => median(runs.map(pick));
  return {
    page,
    f: {
      scores: {
        performance: m((f) => f.scores.performance),
        accessibility: m((f) => f.scores.accessibility),
        'best-practices': m((f) => f.scores['best-practices']),
        seo: m((f) => f.scores.seo),
      },
      lcpMs: m((f) => f.lcpMs),
      tbtMs: m((f) => f.tbtMs),
      cls: m((f) => f.cls),
    },
  };
}

const ratio = (a: number, b: number): number | string =>
  b === 0 ? (a === 0 ? 1 : '–') : +(a / b).toFixed(2);

/** Registered in run.ts's PARTS; runs alone as `npm run bench -- lighthouse`. */
export const lighthousePart: Part = {
  name: 'lighthouse',
  async run() {
    const app = await buildClient();
    // Written into the bench's own build copy, so the server sends it like any built file.
    writeFileSync(join(app.dir, FLOOR_FILE), FLOOR_HTML);
    const server = await startServer(
      tempDir('lighthouse-data'),
      { LOG_LEVEL: 'warn' },
      { root: app.root },
    );
    const modules = screenModules();
    const skipped: string[] = [];
    const routes = LIGHTHOUSE_PAGES.filter((path) => {
      const screen = pageScreen(path, modules);
      if ('skip' in screen) skipped.push(screen.skip);
      return !('skip' in screen);
    });
    const pages = [...routes, `/${FLOOR_FILE}`];
    const runs: Record<string, LighthouseFigures[]> = {};
    const retried: string[] = [];
    try {
      await auditInFreshChromium(`${server.url}/`); // warm-up: first compile of every server path
      for (let r = 0; r < RUNS; r++) {
        for (const page of pages) {
          const { figures, failures } = await auditInFreshChromium(`${server.url}${page}`);
          (runs[page] ??= []).push(figures);
          // "lighthouse <url>: … (NO_NAVSTART)" → "/login (NO_NAVSTART)"
          retried.push(...failures.map((f) => `${page} ${/\([A-Z_]+\)$/.exec(f)?.[0] ?? f}`));
        }
      }
    } finally {
      await server.stop();
    }

    const summaries = pages.map((p) => summarise(p, runs[p]!));
    const floor = summaries.at(-1)!.f;
    const rows: Row[] = summaries.map(({ page, f }) => ({
      page: page === `/${FLOOR_FILE}` ? `floor (${page})` : page,
      performance: f.scores.performance,
      accessibility: f.scores.accessibility,
      'best-practices': f.scores['best-practices'],
      seo: f.scores.seo,
      'LCP ms': Math.round(f.lcpMs),
      'TBT ms': Math.round(f.tbtMs),
      CLS: +f.cls.toFixed(3),
    }));
    const ratios: Row[] = summaries.slice(0, -1).map(({ page, f }) => ({
      page,
      performance: ratio(f.scores.performance, floor.scores.performance),
      accessibility: ratio(f.scores.accessibility, floor.scores.accessibility),
      'best-practices': ratio(f.scores['best-practices'], floor.scores['best-practices']),
      seo: ratio(f.scores.seo, floor.scores.seo),
      LCP: ratio(f.lcpMs, floor.lcpMs),
      TBT: ratio(f.tbtMs, floor.tbtMs),
      CLS: ratio(f.cls, floor.cls),
    }));
    return {
      note:
        `Lighthouse 12, default (mobile, simulated throttling) config, median of ${RUNS} runs per figure, ` +
        'pages interleaved after one warm-up, Chromium from /usr/bin/chromium headless. The server is the real ' +
        "one (NODE_ENV=production) on the bench's own build; the floor is a static HTML file served by " +
        'that same server process. Each run in a new Chromium, as a visitor without a session (public ' +
        'pages arrive prerendered where the build has them). Targets: performance 98+, the others 100; ' +
        'LCP at most 1.3x the floor (issue 14).' +
        (skipped.length ? ` Skipped: ${skipped.join('; ')}.` : '') +
        (retried.length
          ? ` Runs repeated in a new Chromium after a Lighthouse error: ${retried.join(', ')}.`
          : ''),
      rows,
      tables: [{ title: 'Ratio to the floor', rows: ratios }],
    };
  },
};
