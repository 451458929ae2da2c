/** One Lighthouse 12 navigation (mobile, default config) in a Chromium started by chrome-launcher. */
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
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

/** Audits one URL; throws when Lighthouse reports a runtime error or a missing score. */
async function audit(chrome: LaunchedChrome, url: string): Promise<LighthouseFigures> {
  const result = await withTimeout(
    lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
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
  return {
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
}

/** Attempts per URL: on this shared machine Lighthouse now and then loses its trace (NO_NAVSTART). */
const ATTEMPTS = 3;

/**
 * Audits a URL in a Chromium of its own (nothing cached or registered from another page), trying
 * again with a new Chromium when a run fails, as Lighthouse's own error message asks.
 */
export async function auditInFreshChromium(
  url: string,
): Promise<{ figures: LighthouseFigures; failures: string[] }> {
  const failures: string[] = [];
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const chrome = await launchForLighthouse();
    try {
      return { figures: await audit(chrome, url), failures };
    } catch (err) {
      failures.push((err as Error).message);
    } finally {
      chrome.kill();
    }
  }
  throw new Error(`${ATTEMPTS} failed Lighthouse runs: ${failures.join(' | ')}`);
}
