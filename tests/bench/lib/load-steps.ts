/**
 * Where one page load's time goes, from what the page itself can see: the document's answer, its
 * scripts' arrival, the end of the document's parsing, the first member card in the DOM, the LCP,
 * and the main thread's long tasks meanwhile. Read by the bench parts that explain a load.
 */
import type { Page } from 'playwright-core';

/**
 * Notes when the first like button of a member card appears, and every long task; a string, since
 * this project has no DOM types.
 */
export const LOAD_STEPS_OBSERVER = `
  window.__benchCardMs = 0;
  window.__benchLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__benchLongTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  new MutationObserver((records, observer) => {
    if (document.querySelector('article .like-toggle')) {
      window.__benchCardMs = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

/** One load's steps, ms from the navigation's start. */
export interface LoadSteps {
  /** The document's last byte, from the server or the service worker. */
  documentMs: number;
  /** The last byte of the last script asked for before the document's parsing ended. */
  scriptsMs: number;
  /** DOMContentLoaded's end: every module script of the document has run. */
  parsedMs: number;
  /** The first member card in the DOM: the screen has read its data and rendered. */
  cardMs: number;
  /** Long tasks (over 50 ms) up to now: how many, and their total. */
  longTasks: number;
  longTasksMs: number;
}

/** Reads the steps of the page's current document; call once its LCP has settled. */
export async function loadSteps(page: Page): Promise<LoadSteps> {
  const read = `(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const scripts = performance
      .getEntriesByType('resource')
      .filter((r) => (r.initiatorType === 'script' || r.initiatorType === 'link' || r.initiatorType === 'other') && /\\.js$/.test(new URL(r.name).pathname) && r.startTime < nav.domContentLoadedEventStart)
      .map((r) => r.responseEnd);
    const tasks = window.__benchLongTasks || [];
    return {
      documentMs: nav.responseEnd,
      scriptsMs: scripts.length ? Math.max(...scripts) : nav.responseEnd,
      parsedMs: nav.domContentLoadedEventEnd,
      cardMs: window.__benchCardMs,
      longTasks: tasks.length,
      longTasksMs: tasks.reduce((sum, ms) => sum + ms, 0),
    };
  })()`;
  return (await page.evaluate(read)) as LoadSteps;
}
