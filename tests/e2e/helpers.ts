import { expect, request, type APIRequestContext, type Page } from '@playwright/test';
import { CACHE_NAMES } from '../../src/shared/cache-names';

export const DEMO = { email: 'demo@example.com', password: 'amora-demo-2026' };

/** Logs in through the login screen, as a member would. */
export async function login(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/e-?mail/i).fill(who.email);
  await page.getByLabel(/password/i).fill(who.password);
  await page.getByRole('button', { name: /log in/i }).click();
  // The first login of a fresh browser also starts the sync worker and installs the service worker.
  await expect(page).not.toHaveURL(/\/login/);
}

export const DEMO2 = { email: 'demo2@example.com', password: 'amora-demo-2026' };

/**
 * Waits until the app has taken over a prerendered page (its copy of the page replaced the
 * server's), so what a test finds next is the app's own elements, not ones about to be swapped.
 */
export async function appTookOver(page: Page): Promise<void> {
  await expect(page.locator('#prerendered')).toHaveCount(0);
}

/** Waits until the service worker controls the page, so offline loads go through it. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  // A function, not a string (the page's CSP forbids eval), and synchronous: a returned promise
  // is an object, truthy at once. The cast stands in for the DOM types this project does not load.
  await page.waitForFunction(() => {
    const nav = (globalThis as unknown as { navigator: { serviceWorker: { controller: unknown } } })
      .navigator;
    return nav.serviceWorker.controller !== null;
  });
  // Going offline while the worker's first requests are in flight fails Chromium's next
  // navigation instead of handing it to the service worker; a member's phone has no such race.
  await page.waitForLoadState('networkidle');
}

/**
 * Reloads once the service worker controls the page: a returning member's page, whose sync worker
 * is itself under the service worker's control (a first visit's worker sends its actions through
 * the page instead; offline.spec.ts covers that case on its own).
 */
export async function reloadUnderServiceWorker(page: Page): Promise<void> {
  await waitForServiceWorker(page);
  await page.reload();
  await waitForServiceWorker(page);
}

/**
 * Cuts the network for the page and its service worker: setOffline alone does not cover
 * service-worker traffic, so every request is also aborted at the context.
 */
export async function goOffline(page: Page): Promise<void> {
  const context = page.context();
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
}

export async function goOnline(page: Page): Promise<void> {
  const context = page.context();
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
}

/** The member's likes as the server has them, asked with the page's own session. */
export async function serverLikes(page: Page): Promise<{ profiles: { id: number }[] }> {
  const res = await page.request.get('/api/likes.php');
  expect(res.status()).toBe(200);
  return (await res.json()) as { profiles: { id: number }[] };
}

/** A member made for one test, with an API session of their own. */
export interface FreshMember {
  id: number;
  name: string;
  email: string;
  password: string;
  api: APIRequestContext;
}

/**
 * Signs up a new member through the API, living in Finland, where no demo login searches, so a
 * test that likes or messages them never shifts another test's member list.
 */
export async function newMember(
  baseURL: string,
  name: string,
  gender: 'male' | 'female',
): Promise<FreshMember> {
  const api = await request.newContext({ baseURL });
  const tag = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const email = `${name.toLowerCase()}-${tag}@example.org`;
  const password = 'violet-harbour-lantern-2026';
  const res = await api.post('/api/user.php?new=1', { data: { email, name, password } });
  expect(res.status()).toBe(200);
  const { user } = (await res.json()) as { user: { id: number } };
  const put = await api.put('/api/user.php', {
    data: { profile: { gender, date_of_birth: '1994-05-17', country: 'FI', city: 'Helsinki' } },
  });
  expect(put.status()).toBe(200);
  return { id: user.id, name, email, password, api };
}

/** Buys a credit package (the first unless told) through the demo checkout, as the member would. */
export async function buyCredits(api: APIRequestContext, choose = 0): Promise<void> {
  const offer = (await (await api.get('/api/credits.php')).json()) as {
    packages: { id: number }[];
    methods: string[];
  };
  const started = await api.post('/api/transactions.php', {
    data: {
      product: 'credits',
      package: offer.packages[Math.min(choose, offer.packages.length - 1)]!.id,
      method: offer.methods[0],
    },
  });
  expect(started.status()).toBe(200);
  const { checkout_url } = (await started.json()) as { checkout_url: string };
  const page = await (await api.get(checkout_url)).text();
  const token = /name="token" value="([^"]+)"/.exec(page)?.[1];
  expect(token).toBeTruthy();
  const paid = await api.post(checkout_url, {
    form: { token: token!.replace(/&amp;/g, '&'), outcome: 'paid' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
}

/** Member photos on the page that the service worker's photo cache does not hold yet. */
export function uncachedPhotos(page: Page): Promise<string[]> {
  return page.evaluate(async (cacheName) => {
    const g = globalThis as unknown as {
      document: { images: Iterable<{ src: string }> };
      caches: { open(name: string): Promise<{ match(url: string): Promise<unknown> }> };
    };
    const cache = await g.caches.open(cacheName);
    const photos = [...g.document.images]
      .map((image) => image.src)
      .filter((src) => src.includes('/uploads/'));
    const missing = await Promise.all(
      photos.map(async (src) => ((await cache.match(src)) ? null : src)),
    );
    return missing.filter((src): src is string => src !== null);
  }, CACHE_NAMES.uploads);
}

/** Holds every request matching `pattern` until the returned function is called. */
export async function holdRequests(
  page: Page,
  pattern: string | ((url: URL) => boolean),
): Promise<() => void> {
  let release: () => void = () => undefined;
  const mayGo = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await mayGo;
    await route.continue();
  });
  return release;
}
