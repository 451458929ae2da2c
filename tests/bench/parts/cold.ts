/**
 * Member screens on a cold phone: Lighthouse (mobile) on /members, /likes, /chats and one
 * conversation, logged in as the demo member with empty cache and storage, beside a floor that
 * fetches the same JSON and renders the same cards with no worker, IndexedDB or service worker.
 */
import { randomUUID } from 'node:crypto';
import { median } from '../lib/browser';
import { buildClient } from '../lib/client-build';
import { buildColdFloor, coldFloorPath } from '../lib/cold-floor';
import {
  auditInFreshChromium,
  type BenchCookie,
  type LighthouseFigures,
  type LighthouseTrace,
} from '../lib/lighthouse-run';
import { DEMO } from '../lib/member-session';
import { startServer, tempDir } from '../lib/processes';
import type { Part, Row } from '../lib/report';

// As the lighthouse part: the median of five, pages interleaved after one warm-up
// (BENCH_COLD_RUNS for a quicker look; the report names the count).
const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 5);

/** The demo member's cookies from a login call, as the browser would keep them. */
async function loginCookies(url: string): Promise<BenchCookie[]> {
  const res = await fetch(`${url}/api/login.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  if (!res.ok) throw new Error(`demo login failed: ${res.status}`);
  const cookies = res.headers.getSetCookie().map((line): BenchCookie => {
    const [pair = '', ...attributes] = line.split(';');
    const at = pair.indexOf('=');
    return {
      name: pair.slice(0, at).trim(),
      value: pair.slice(at + 1).trim(),
      httpOnly: attributes.some((a) => a.trim().toLowerCase() === 'httponly'),
    };
  });
  if (!cookies.length) throw new Error('demo login set no cookie');
  return cookies;
}

/** A conversation of the demo member with a few messages: the first one it has, else a new one. */
async function demoConversation(url: string, cookies: BenchCookie[]): Promise<number> {
  const headers = {
    cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
    'content-type': 'application/json',
  };
  const json = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${url}${path}`, { ...init, headers });
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status}`);
    return (await res.json()) as Record<string, unknown>;
  };
  const { chats } = (await json('/api/chats.php')) as { chats: { conversation: { id: number } }[] };
  if (chats[0]) return chats[0].conversation.id;
  const { profiles } = (await json('/api/search.php')) as { profiles: { id: number }[] };
  if (!profiles[0]) throw new Error('the demo member finds nobody to write to');
  const { id } = (await json(`/api/chat.php?profile=${profiles[0].id}`)) as { id: number };
  for (const message of ['Hello!', 'How is your week going?', 'Coffee on Saturday?']) {
    await json('/api/chat.php', {
      method: 'POST',
      body: JSON.stringify({ conversation: id, message, client_id: randomUUID() }),
    });
  }
  return id;
}

interface Summary {
  figures: LighthouseFigures;
  /** The run whose LCP is the median's, for the trace columns. */
  trace: LighthouseTrace;
  /** The run whose TBT is the median's, for its long tasks. */
  blocking: LighthouseTrace;
}

function summarise(runs: { figures: LighthouseFigures; trace: LighthouseTrace }[]): Summary {
  const m = (pick: (f: LighthouseFigures) => number) => median(runs.map((r) => pick(r.figures)));
  const lcp = m((f) => f.lcpMs);
  const tbt = m((f) => f.tbtMs);
  return {
    figures: {
      scores: {
        performance: m((f) => f.scores.performance),
        accessibility: m((f) => f.scores.accessibility),
        'best-practices': m((f) => f.scores['best-practices']),
        seo: m((f) => f.scores.seo),
      },
      lcpMs: lcp,
      tbtMs: tbt,
      cls: m((f) => f.cls),
    },
    trace: runs.find((r) => r.figures.lcpMs === lcp)!.trace,
    blocking: runs.find((r) => r.figures.tbtMs === tbt)!.trace,
  };
}

/** How many of a run's longest tasks the trace table names. */
const LONG_TASKS_SHOWN = 4;

/** The longest tasks, as "script 180 ms at 1.4 s"; TBT is their parts over 50 ms. */
const tasks = (t: LighthouseTrace) =>
  t.longTasks
    .slice(0, LONG_TASKS_SHOWN)
    .map((task) => `${task.script} ${task.ms} ms at ${(task.startMs / 1000).toFixed(1)} s`)
    .join(', ') || 'none';

const phases = (t: LighthouseTrace) =>
  Object.entries(t.lcpPhases)
    .map(([phase, ms]) => `${phase} ${ms}`)
    .join(', ');

/** Registered in run.ts's PARTS; runs alone as `npm run bench -- cold`. */
export const coldPart: Part = {
  name: 'cold',
  async run() {
    const app = await buildClient();
    await buildColdFloor(app.dir);
    const server = await startServer(
      tempDir('cold-data'),
      { LOG_LEVEL: 'warn' },
      { root: app.root },
    );
    const runs: Record<string, { figures: LighthouseFigures; trace: LighthouseTrace }[]> = {};
    const retried: string[] = [];
    let screens: string[] = [];
    try {
      const cookies = await loginCookies(server.url);
      const conversation = await demoConversation(server.url, cookies);
      screens = ['/members', '/likes', '/chats', `/chats/${conversation}`];
      const addresses = screens.flatMap((s) => [s, coldFloorPath(s)]);
      // Warm-up: the server's first answers of each screen's calls (each browser run is fresh).
      for (const path of screens) await auditInFreshChromium(`${server.url}${path}`, cookies);
      for (let r = 0; r < RUNS; r++) {
        for (const path of addresses) {
          const result = await auditInFreshChromium(`${server.url}${path}`, cookies);
          (runs[path] ??= []).push(result);
          retried.push(
            ...result.failures.map((f) => `${path} ${/\([A-Z_]+\)$/.exec(f)?.[0] ?? f}`),
          );
        }
      }
    } finally {
      await server.stop();
    }

    const rows: Row[] = [];
    const traces: Row[] = [];
    for (const screen of screens) {
      const app = summarise(runs[screen]!);
      const floor = summarise(runs[coldFloorPath(screen)]!);
      const ratio = (a: number, b: number) => (b === 0 ? '–' : +(a / b).toFixed(2));
      for (const [who, s] of [
        [screen, app],
        [`floor of ${screen}`, floor],
      ] as const) {
        rows.push({
          page: who,
          performance: s.figures.scores.performance,
          'FCP ms': s.trace.fcpMs,
          'LCP ms': Math.round(s.figures.lcpMs),
          'LCP ratio to floor': who === screen ? ratio(app.figures.lcpMs, floor.figures.lcpMs) : 1,
          'TBT ms': Math.round(s.figures.tbtMs),
          CLS: +s.figures.cls.toFixed(3),
          accessibility: s.figures.scores.accessibility,
        });
        traces.push({
          page: who,
          'LCP element': s.trace.lcpElement,
          'LCP phases ms': phases(s.trace),
          'longest request chain': `${s.trace.chain.requests} requests, ${s.trace.chain.ms} ms, ending ${s.trace.chain.last}`,
          'script ms': s.trace.scriptMs,
          'main thread ms': s.trace.mainThreadMs,
          'longest tasks (median TBT run)': tasks(s.blocking),
        });
      }
    }
    return {
      note:
        `Lighthouse 12, default mobile config (slow 4G, 4x CPU, simulated), median of ${RUNS} runs per figure, ` +
        'pages interleaved after one warm-up, each run in a new Chromium from /usr/bin/chromium, headless. ' +
        "The real server (NODE_ENV=production) on the bench's own build, the demo member logged in (its " +
        'cookies set before each run), cache, service workers, IndexedDB and local storage empty. The ' +
        "conversation is the demo member's first (the part writes one when it has none). Floor: a bare " +
        'React + React Router page built in this run and sent by the same server, which asks for the ' +
        "same JSON (user.php, settings.php and the screen's call) and renders the same cards with their " +
        'photos, with no worker, IndexedDB or service worker. Targets per screen: LCP at most 2.5 s and ' +
        '1.3x its floor, TBT at most 200 ms, CLS 0, performance 90+. The trace table is the run whose ' +
        "LCP is the median: Lighthouse's LCP phases, its longest critical request chain, and the main " +
        "thread's script and total work; the longest tasks are those of the run whose TBT is the " +
        'median, with the script Lighthouse attributes each to.' +
        (retried.length
          ? ` Runs repeated in a new Chromium after a Lighthouse error: ${retried.join(', ')}.`
          : ''),
      rows,
      tables: [{ title: 'Where the time goes (median run)', rows: traces }],
    };
  },
};
