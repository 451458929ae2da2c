/** Largest contentful paint as a page reports it, read by the bench parts that time a page. */
import type { Page } from 'playwright-core';

/** Keeps the latest LCP candidate of each document; a string, since this project has no DOM types. */
export const LCP_OBSERVER = `
  window.__benchLcp = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__benchLcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

/** The LCP once it has settled: the same value twice 500 ms apart (at most 10 s). */
export async function settledLcp(page: Page): Promise<number> {
  let last = -1;
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(500);
    const now = Number(await page.evaluate('window.__benchLcp'));
    if (now > 0 && now === last) return now;
    last = now;
  }
  if (last > 0) return last;
  throw new Error(`no largest-contentful-paint entry on ${page.url()}`);
}
