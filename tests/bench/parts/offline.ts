/** LCP of the member list: first visit from the network against an offline reload from IndexedDB. */
import { median, withServerAndChromium } from '../lib/browser';
import { buildClient } from '../lib/client-build';
import { LCP_OBSERVER, settledLcp } from '../lib/lcp';
import { LOAD_STEPS_OBSERVER, loadSteps, type LoadSteps } from '../lib/load-steps';
import {
  DEMO,
  goOffline,
  loginAs,
  waitForMemberList,
  waitForServiceWorker,
} from '../lib/member-session';
import type { Part } from '../lib/report';

const RUNS = 5;

/** Registered in run.ts's PARTS; runs alone as `npm run bench -- offline`. */
export const offlinePart: Part = {
  name: 'offline',
  async run() {
    const app = await buildClient();
    const first: number[] = [];
    const repeat: number[] = [];
    const firstSteps: LoadSteps[] = [];
    const repeatSteps: LoadSteps[] = [];
    await withServerAndChromium(app.root, 'offline-data', async (serverUrl, browser) => {
      for (let i = 0; i < RUNS; i++) {
        // A fresh context each time: no service worker, cache or IndexedDB from the run before.
        const context = await browser.newContext();
        try {
          context.setDefaultTimeout(30_000);
          await context.addInitScript(LCP_OBSERVER);
          await context.addInitScript(LOAD_STEPS_OBSERVER);
          const page = await context.newPage();
          await loginAs(page, serverUrl, DEMO);
          await page.goto(`${serverUrl}/members`);
          await waitForMemberList(page);
          first.push(await settledLcp(page));
          firstSteps.push(await loadSteps(page));
          await waitForServiceWorker(page);
          await goOffline(page);
          await page.reload();
          await waitForMemberList(page);
          repeat.push(await settledLcp(page));
          repeatSteps.push(await loadSteps(page));
        } finally {
          await context.close();
        }
      }
    });
    const firstMs = median(first);
    const repeatMs = median(repeat);
    const round = (xs: number[]) => xs.map((x) => Math.round(x)).join(', ');
    const step = (steps: LoadSteps[], pick: (s: LoadSteps) => number) =>
      Math.round(median(steps.map(pick)));
    const stepRow = (visit: string, steps: LoadSteps[], lcp: number) => ({
      visit,
      'document ms': step(steps, (s) => s.documentMs),
      'scripts ms': step(steps, (s) => s.scriptsMs),
      'parsed ms': step(steps, (s) => s.parsedMs),
      'first card ms': step(steps, (s) => s.cardMs),
      'LCP ms': Math.round(lcp),
      'long tasks': step(steps, (s) => s.longTasks),
      'long tasks ms': step(steps, (s) => s.longTasksMs),
    });
    return {
      note:
        `Chromium (playwright-core, headless, no throttling), demo member, median of ${RUNS} fresh contexts. ` +
        'First visit: /members loaded from the server after logging in. Repeat: the same page reloaded ' +
        'with the network cut for page and service worker (tests/e2e/helpers.ts goOffline), the list ' +
        'rendered from IndexedDB (photos included: the service worker keeps those the first visit ' +
        'showed). LCP from a PerformanceObserver in the page. Targets: ratio at most 0.3, under 300 ms. ' +
        'The steps, medians over the runs, ms from the navigation: the document answered (server or ' +
        'service worker), the last script asked for before parsing ended, DOMContentLoaded over (the ' +
        'module scripts have run), the first member card in the DOM (data read and rendered), the ' +
        'LCP (the first photo), and the long tasks (over 50 ms) meanwhile.',
      rows: [
        {
          visit: 'first visit (network)',
          'LCP ms (median)': Math.round(firstMs),
          'all runs ms': round(first),
          'ratio to first': 1,
        },
        {
          visit: 'offline reload (IndexedDB)',
          'LCP ms (median)': Math.round(repeatMs),
          'all runs ms': round(repeat),
          'ratio to first': +(repeatMs / firstMs).toFixed(2),
        },
      ],
      tables: [
        {
          title: 'Where the time goes (medians per step)',
          rows: [
            stepRow('first visit (network)', firstSteps, firstMs),
            stepRow('offline reload (IndexedDB)', repeatSteps, repeatMs),
          ],
        },
      ],
    };
  },
};
