/** LCP of the member list: first visit from the network against an offline reload from IndexedDB. */
import { median, withServerAndChromium } from '../lib/browser';
import { buildClient } from '../lib/client-build';
import { LCP_OBSERVER, settledLcp } from '../lib/lcp';
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
    await withServerAndChromium(app.root, 'offline-data', async (serverUrl, browser) => {
      for (let i = 0; i < RUNS; i++) {
        // A fresh context each time: no service worker, cache or IndexedDB from the run before.
        const context = await browser.newContext();
        try {
          context.setDefaultTimeout(30_000);
          await context.addInitScript(LCP_OBSERVER);
          const page = await context.newPage();
          await loginAs(page, serverUrl, DEMO);
          await page.goto(`${serverUrl}/members`);
          await waitForMemberList(page);
          first.push(await settledLcp(page));
          await waitForServiceWorker(page);
          await goOffline(page);
          await page.reload();
          await waitForMemberList(page);
          repeat.push(await settledLcp(page));
        } finally {
          await context.close();
        }
      }
    });
    const firstMs = median(first);
    const repeatMs = median(repeat);
    const round = (xs: number[]) => xs.map((x) => Math.round(x)).join(', ');
    return {
      note:
        `Chromium (playwright-core, headless, no throttling), demo member, median of ${RUNS} fresh contexts. ` +
        'First visit: /members loaded from the server after logging in. Repeat: the same page reloaded ' +
        'with the network cut for page and service worker (tests/e2e/helpers.ts goOffline), the list ' +
        'rendered from IndexedDB (photos included: the service worker keeps those the first visit ' +
        'showed). LCP from a PerformanceObserver in the page. Targets: ratio at most 0.3, under 300 ms.',
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
    };
  },
};
