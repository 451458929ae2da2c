/**
 * Landers after one visit, in every language: each language opens a lander of another design
 * online, then the same address again with the network cut for page and service worker. The
 * offline copy must be the same page in the same language, with the members of that visit.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { Language } from '../../../src/shared/contract/fields';
import { LANDER_KINDS } from '../../../src/shared/route-table';
import { INTERFACE_LANGUAGES } from '../../../src/shared/languages';
import { landerSlug } from '../../../src/shared/lander-slug';
import { withServerAndChromium } from '../lib/browser';
import { buildClient } from '../lib/client-build';
import { LCP_OBSERVER, settledLcp } from '../lib/lcp';
import { goOffline, uncachedPhotos, waitForServiceWorker } from '../lib/member-session';
import type { Part, Row } from '../lib/report';

/** The lander's "offline, members of your last visit" line in a language's messages. */
function offlineNote(language: Language): string {
  const messages = JSON.parse(readFileSync(`locales/${language}/messages.json`, 'utf8')) as {
    landers: { offline: string };
  };
  return messages.landers.offline;
}

/** A member photo among the page's images (a function's source, evaluated in the page). */
const IS_MEMBER_PHOTO = `(image) =>
  new URL(image.currentSrc || image.src, location.href).pathname.startsWith('/uploads/')`;

/** Member photos on the page that have loaded (a broken image has no natural width). */
const LOADED_PHOTOS = `[...document.images].filter(${IS_MEMBER_PHOTO})
  .filter((image) => image.complete && image.naturalWidth > 0).length`;

/** True once every member photo on the page has loaded or failed. */
const SETTLED_PHOTOS = `[...document.images].filter(${IS_MEMBER_PHOTO})
  .every((image) => image.complete)`;

/**
 * Scrolls through the page a screen at a time, as a visitor would, then back to the top: a reload
 * would otherwise open scrolled down, past the largest paint.
 */
const SCROLL_THROUGH = `(async () => {
  for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
    window.scrollTo(0, y);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  window.scrollTo(0, 0);
})()`;

/** What a member sees of a lander once its members are there: language, heading, photos. */
async function shown(page: Page, members: () => Promise<void>) {
  await page.locator('#prerendered').waitFor({ state: 'detached', timeout: 30_000 });
  await page.locator('h1').first().waitFor({ state: 'visible', timeout: 30_000 });
  await members().catch(() => undefined); // reported below as missing, not thrown
  await page.waitForLoadState('load');
  // Before any scrolling, which ends the largest paint's candidates.
  const lcp = await settledLcp(page);
  // Photos below the fold load lazily: each is asked for once scrolled near, online as offline.
  await page.evaluate(SCROLL_THROUGH);
  // Photos the app has just drawn may still be on their way: count them once each has loaded or failed.
  await page
    .waitForFunction(SETTLED_PHOTOS, null, { timeout: 5000, polling: 100 })
    .catch(() => undefined);
  return {
    lang: await page.locator('html').getAttribute('lang'),
    heading: ((await page.locator('h1').first().textContent()) ?? '').trim(),
    photos: Number(await page.evaluate(LOADED_PHOTOS)),
    text: await page.locator('body').innerText(),
    lcp,
  };
}

/** The visit ends once the service worker holds the photos it showed (at most 15 s). */
async function photosKept(page: Page): Promise<void> {
  for (let waited = 0; waited < 15_000; waited += 250) {
    if ((await uncachedPhotos(page)).length === 0) return;
    await page.waitForTimeout(250);
  }
}

/** Registered in run.ts's PARTS; runs alone as `npm run bench -- landers`. */
export const landersOfflinePart: Part = {
  name: 'landers',
  async run() {
    const app = await buildClient();
    const rows: Row[] = [];
    await withServerAndChromium(app.root, 'landers-data', async (serverUrl, browser) => {
      for (const [i, language] of INTERFACE_LANGUAGES.entries()) {
        const design = LANDER_KINDS[i % LANDER_KINDS.length]!;
        const path = `/landers/${design}/${landerSlug(1, language)}`;
        // A fresh context each time: no service worker, cache or IndexedDB from the one before.
        const context = await browser.newContext({ locale: language });
        try {
          context.setDefaultTimeout(30_000);
          await context.addInitScript(LCP_OBSERVER);
          const page = await context.newPage();
          await page.goto(`${serverUrl}${path}`);
          const photo = page.locator('main img[src*="/uploads/"]').first();
          const online = await shown(page, () => photo.waitFor({ timeout: 15_000 }));
          await waitForServiceWorker(page);
          await photosKept(page);
          await goOffline(page);
          await page.reload();
          const note = page.getByText(offlineNote(language));
          const offline = await shown(page, () => note.waitFor({ timeout: 15_000 }));
          rows.push({
            language,
            lander: path,
            'LCP online ms': Math.round(online.lcp),
            'LCP offline ms': Math.round(offline.lcp),
            'same page offline': offline.heading === online.heading ? 'yes' : 'NO',
            'language offline': offline.lang === online.lang ? (offline.lang ?? '') : 'NO',
            'photos shown online / offline': `${online.photos} / ${offline.photos}`,
            'offline note': offline.text.includes(offlineNote(language)) ? 'yes' : 'NO',
          });
        } finally {
          await context.close();
        }
      }
    });
    return {
      note:
        'Chromium (playwright-core, headless, no throttling), one fresh context per language, a ' +
        'different lander design per language (niche 1). Online: the first visit, prerendered ' +
        'HTML taken over by the app. Offline: the same address reloaded with the network cut for ' +
        'page and service worker, answered by the service worker and IndexedDB. LCP from a ' +
        'PerformanceObserver. "same page": the offline heading equals the online one; photos: member ' +
        'photos that loaded (not broken) once the members were on screen and the page was scrolled through.',
      rows,
    };
  },
};
