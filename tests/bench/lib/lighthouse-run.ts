/** One Lighthouse 12 navigation (mobile, default config) in a Chromium started by chrome-launcher. */
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM, CHROMIUM_FLAGS } from './browser';

/** The four categories of DESIGN §8; PWA is no longer a Lighthouse category. */
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** The figures the report keeps from one run. */
export interface LighthouseFigures {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/** Where the time of one run went, as Lighthouse's own audits explain it. */
export interface LighthouseTrace {
  fcpMs: number;
  /** The LCP element as Lighthouse names it (tag and classes, or its text). */
  lcpElement: string;
  /** LCP split in Lighthouse's phases (TTFB, Load Delay, Load Time, Render Delay), ms. */
  lcpPhases: Record<string, number>;
  /** The longest chain of requests that each waited for the one before. */
  chain: { ms: number; requests: number; last: string };
  /** Script evaluation, parsing and compiling on the main thread, ms (bootup-time). */
  scriptMs: number;
  /** Main-thread work of every kind, ms. */
  mainThreadMs: number;
  /**
   * The main thread's tasks over 50 ms (long-tasks), longest first: the script Lighthouse
   * attributes each to, its start and its length, ms at 4x CPU. Their parts beyond 50 ms between
   * FCP and interactive are the TBT.
   */
  longTasks: { script: string; startMs: number; ms: number }[];
}

/** A cookie the browser holds before the audit: the member's session for logged-in pages. */
export interface BenchCookie {
  name: string;
  value: string;
  httpOnly: boolean;
}

/** Chromium for Lighthouse: the end-to-end flags plus the new headless mode. */
function launchForLighthouse(): Promise<LaunchedChrome> {
  return launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    logLevel: 'silent',
    maxConnectionRetries: 100,
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Storage Lighthouse empties before it loads the page; cookies stay, so a session holds. */
const CLEARED_STORAGE: Flags['clearStorageTypes'] = [
  'file_systems',
  'shader_cache',
  'service_workers',
  'cache_storage',
  'indexeddb',
  'local_storage',
];

/** Puts cookies for `url`'s origin into the launched Chromium, as a login would have left them. */
async function setCookies(chrome: LaunchedChrome, url: string, cookies: BenchCookie[]) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const session = await browser.target().createCDPSession();
    await session.send('Storage.setCookies', {
      cookies: cookies.map((c) => ({ ...c, url: new URL(url).origin, path: '/' })),
    });
  } finally {
    await browser.disconnect();
  }
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** Reads a nested value of an audit's details without trusting its shape. */
function dig(value: unknown, ...path: (string | number)[]): unknown {
  let at = value;
  for (const key of path) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<string | number, unknown>)[key];
  }
  return at;
}

/** The longest critical request chain of the critical-request-chains audit. */
function longestChain(lhr: Lhr): LighthouseTrace['chain'] {
  let best = { ms: 0, requests: 0, last: '' };
  const walk = (chains: unknown, depth: number, start: number) => {
    if (typeof chains !== 'object' || chains === null) return;
    for (const node of Object.values(chains as Record<string, unknown>)) {
      const req = dig(node, 'request') as
        { url?: string; startTime?: number; endTime?: number } | undefined;
      const first = start || (req?.startTime ?? 0);
      const ms = ((req?.endTime ?? 0) - first) * 1000;
      if (ms > best.ms) {
        best = {
          ms,
          requests: depth,
          last: String(req?.url ?? '').replace(/^https?:\/\/[^/]+/, ''),
        };
      }
      walk(dig(node, 'children'), depth + 1, first);
    }
  };
  walk(dig(lhr.audits['critical-request-chains'], 'details', 'chains'), 1, 0);
  return { ...best, ms: Math.round(best.ms) };
}

function traceOf(lhr: Lhr): LighthouseTrace {
  const lcpDetails = dig(lhr.audits['largest-contentful-paint-element'], 'details', 'items');
  const phases: Record<string, number> = {};
  const element = dig(lcpDetails, 0, 'items', 0, 'node') as
    { nodeLabel?: string; selector?: string } | undefined;
  const phaseRows = dig(lcpDetails, 1, 'items');
  if (Array.isArray(phaseRows)) {
    for (const row of phaseRows as { phase?: unknown; timing?: unknown }[]) {
      if (typeof row.timing === 'number') phases[String(row.phase)] = Math.round(row.timing);
    }
  }
  const numeric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
  return {
    fcpMs: numeric('first-contentful-paint'),
    lcpElement:
      `${element?.selector?.split(' > ').at(-1) ?? '?'} "${element?.nodeLabel ?? ''}"`.slice(
        0,
        100,
      ),
    lcpPhases: phases,
    chain: longestChain(lhr),
    scriptMs: numeric('bootup-time'),
    mainThreadMs: numeric('mainthread-work-breakdown'),
    longTasks: longTasks(lhr),
  };
}

/** The long-tasks audit's items, longest first, with the script's path only. */
function longTasks(lhr: Lhr): LighthouseTrace['longTasks'] {
  const items = dig(lhr.audits['long-tasks'], 'details', 'items');
  if (!Array.isArray(items)) return [];
  return (items as { url?: unknown; startTime?: unknown; duration?: unknown }[])
    .filter((item) => typeof item.duration === 'number' && typeof item.startTime === 'number')
    .map((item) => ({
      script: String(item.url ?? '').replace(/^https?:\/\/[^/]+/, '') || '(none)',
      startMs: Math.round(item.startTime as number),
      ms: Math.round(item.duration as number),
    }))
    .sort((a, b) => b.ms - a.ms);
}

/** Audits one URL; throws when Lighthouse reports a runtime error or a missing score. */
async function audit(
  chrome: LaunchedChrome,
  url: string,
): Promise<{ figures: LighthouseFigures; trace: LighthouseTrace }> {
  const result = await withTimeout(
    lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      clearStorageTypes: CLEARED_STORAGE,
    }),
    180_000,
    `lighthouse ${url}`,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`lighthouse returned nothing for ${url}`);
  if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.message}`);
  const score = (id: string) => {
    const s = lhr.categories[id]?.score;
    if (typeof s !== 'number') throw new Error(`lighthouse ${url}: no ${id} score`);
    return Math.round(s * 100);
  };
  const numeric = (id: string) => {
    const v = lhr.audits[id]?.numericValue;
    if (typeof v !== 'number') throw new Error(`lighthouse ${url}: no ${id} value`);
    return v;
  };
  const figures: LighthouseFigures = {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
  };
  return { figures, trace: traceOf(lhr) };
}

/** Attempts per URL: on this shared machine Lighthouse now and then loses its trace (NO_NAVSTART). */
const ATTEMPTS = 3;

/**
 * Audits a URL in a Chromium of its own (nothing cached or registered from another page), trying
 * again with a new Chromium when a run fails, as Lighthouse's own error message asks.
 */
export async function auditInFreshChromium(
  url: string,
  cookies: BenchCookie[] = [],
): Promise<{ figures: LighthouseFigures; trace: LighthouseTrace; failures: string[] }> {
  const failures: string[] = [];
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const chrome = await launchForLighthouse();
    try {
      if (cookies.length) await setCookies(chrome, url, cookies);
      return { ...(await audit(chrome, url)), failures };
    } catch (err) {
      failures.push((err as Error).message);
    } finally {
      chrome.kill();
    }
  }
  throw new Error(`${ATTEMPTS} failed Lighthouse runs: ${failures.join(' | ')}`);
}
