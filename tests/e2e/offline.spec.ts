import { expect, request, test, type Locator, type Page } from '@playwright/test';
import {
  DEMO,
  DEMO2,
  goOffline,
  goOnline,
  login,
  newMember,
  serverLikes,
  reloadUnderServiceWorker,
  waitForServiceWorker,
} from './helpers';
import { queueDump } from './support/queue-dump';

// These tests change the demo members' likes, so they run one after another.
test.describe.configure({ mode: 'serial' });

const likeButtons = (page: Page) => page.getByRole('button', { name: /^Like / });

/** The member id behind a card's like button, read from the card's profile link. */
async function memberIdOf(button: Locator): Promise<number> {
  const card = button.locator('xpath=ancestor::article[1]');
  const href = await card.locator('a[href^="/members/"]').first().getAttribute('href');
  const id = Number(/\/members\/(\d+)/.exec(href ?? '')?.[1]);
  expect(id).toBeGreaterThan(0);
  return id;
}

/** The like button on the card of member `id`. */
function likeButtonOf(page: Page, id: number): Locator {
  return page
    .locator('article', { has: page.locator(`a[href="/members/${id}"]`) })
    .locator('.like-toggle');
}

/** A fresh API session as another member, to read what the server holds for them. */
async function likesOf(baseURL: string, who: { email: string; password: string }) {
  const api = await request.newContext({ baseURL });
  const res = await api.post('/api/login.php', { data: who });
  expect(res.status()).toBe(200);
  const likes = (await (await api.get('/api/likes.php')).json()) as { profiles: { id: number }[] };
  await api.dispose();
  return likes.profiles.map((p) => p.id);
}

async function openMembers(page: Page, who: { email: string; password: string }) {
  await login(page, who);
  await page.goto('/members');
  await expect(likeButtons(page).first()).toBeVisible();
  await reloadUnderServiceWorker(page);
  await expect(likeButtons(page).first()).toBeVisible();
}

test('after one online visit, an offline reload shows the shell and the last member list', async ({
  page,
}) => {
  await openMembers(page, DEMO);
  const before = await likeButtons(page).evaluateAll((els) =>
    els.slice(0, 6).map((el) => el.getAttribute('aria-label')),
  );

  await goOffline(page);
  await page.reload();
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await expect(likeButtons(page).first()).toBeVisible();
  const after = await likeButtons(page).evaluateAll((els) =>
    els.slice(0, 6).map((el) => el.getAttribute('aria-label')),
  );
  expect(after).toEqual(before);

  // A language never loaded on this device: the service worker answers plainly (the loader then
  // falls back to English), instead of failing the request as a network error.
  const unstored = await page.evaluate(async () => {
    const response = await fetch('/_i18n/pl/messages.json');
    return { status: response.status, body: (await response.json()) as { message?: string } };
  });
  expect(unstored.status).toBe(503);
  expect(unstored.body.message).toMatch(/not available offline/);
  await goOnline(page);
});

test('likes and unlikes made offline arrive after reconnecting, ending in the last intent', async ({
  page,
}) => {
  await openMembers(page, DEMO2);
  const firstId = await memberIdOf(likeButtons(page).nth(1));
  const secondId = await memberIdOf(likeButtons(page).nth(2));
  // Held by member, not by position: positions shift if a retry finds a card already liked.
  const first = likeButtonOf(page, firstId);
  const second = likeButtonOf(page, secondId);
  for (const id of [firstId, secondId]) {
    await page.request.delete('/api/likes.php', { data: { profile: id } });
  }

  await goOffline(page);
  // first: like, unlike, like → liked; second: like, unlike → not liked
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'false');
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await second.click();
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  await second.click();
  await expect(second).toHaveAttribute('aria-pressed', 'false');

  await goOnline(page);
  // The replay may pass through "second liked" before its unlike lands; what counts is the end.
  await expect
    .poll(async () => {
      const ids = (await serverLikes(page)).profiles.map((p) => p.id);
      return { first: ids.includes(firstId), second: ids.includes(secondId) };
    })
    .toEqual({ first: true, second: false });
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await expect(second).toHaveAttribute('aria-pressed', 'false');
});

test('a 500 on the first try is retried, and a reply lost after the commit is not a second like', async ({
  page,
}) => {
  await openMembers(page, DEMO2);
  const failing = likeButtons(page).nth(3);
  const lost = likeButtons(page).nth(4);
  const failingId = await memberIdOf(failing);
  const lostId = await memberIdOf(lost);
  for (const id of [failingId, lostId]) {
    await page.request.delete('/api/likes.php', { data: { profile: id } });
  }

  let firstTry = true;
  let lostOnce = false;
  await page.context().route('**/api/likes.php', async (route) => {
    const body = route.request().postDataJSON() as { profile?: number } | null;
    if (route.request().method() !== 'POST') return route.continue();
    if (body?.profile === failingId && firstTry) {
      firstTry = false;
      return route.fulfill({ status: 500, json: { statusCode: 500, error: 'x', message: 'x' } });
    }
    if (body?.profile === lostId && firstTry === false && !lostOnce) {
      lostOnce = true;
      await route.fetch(); // the server commits the like…
      return route.abort('connectionreset'); // …and the answer never arrives
    }
    return route.continue();
  });

  await failing.click();
  await expect
    .poll(async () => (await serverLikes(page)).profiles.map((p) => p.id))
    .toContain(failingId);

  await lost.click();
  await expect
    .poll(async () => (await serverLikes(page)).profiles.map((p) => p.id))
    .toContain(lostId);
  await expect(lost).toHaveAttribute('aria-pressed', 'true');
  await expect(lost).not.toHaveAttribute('aria-busy', 'true');
  const ids = (await serverLikes(page)).profiles.map((p) => p.id);
  expect(ids.filter((id) => id === lostId)).toHaveLength(1);
  await page.context().unrouteAll({ behavior: 'ignoreErrors' });
});

test('logging out offline and in as another member sends nothing of the first', async ({
  page,
  baseURL,
}) => {
  await openMembers(page, DEMO);
  const button = likeButtons(page).nth(5);
  const id = await memberIdOf(button);
  await page.request.delete('/api/likes.php', { data: { profile: id } });

  await goOffline(page);
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await page
    .getByRole('button', { name: /log out/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/login/);

  await goOnline(page);
  await login(page, DEMO2);
  await page.goto('/members');
  await expect(likeButtons(page).first()).toBeVisible();
  await waitForServiceWorker(page);
  const user = await page.request.get('/api/user.php');
  const secondId = ((await user.json()) as { user: { id: number } }).user.id;
  // The service worker heard of the second member and dropped what the first one left queued, so
  // nothing of the first member can leave later.
  await expect
    .poll(async () => {
      const { session, entries } = await queueDump(page);
      return { session, members: [...new Set(entries.map((entry) => entry.member))] };
    })
    .toEqual({ session: [secondId], members: [] });
  // A like of the second member made offline is replayed after reconnecting: replay rounds run
  // one after another, so once it has arrived any round that could have sent the first member's
  // like is over, and what it sent is on the server.
  const sentinel = likeButtons(page).nth(6);
  const sentinelId = await memberIdOf(sentinel);
  await page.request.delete('/api/likes.php', { data: { profile: sentinelId } });
  await goOffline(page);
  await sentinel.click();
  await expect(sentinel).toHaveAttribute('aria-pressed', 'true');
  await goOnline(page);
  await expect
    .poll(async () => (await serverLikes(page)).profiles.map((p) => p.id))
    .toContain(sentinelId);
  expect(await likesOf(baseURL!, DEMO)).not.toContain(id);
  await page.request.delete('/api/likes.php', { data: { profile: sentinelId } });
});

test('on the very first visit, a like made offline once the service worker took over arrives', async ({
  page,
  baseURL,
}) => {
  // A new member on a browser that has never seen the site. One document from the start: the
  // login screen goes on to the members list in place, so the sync worker started before any
  // service worker existed.
  const member = await newMember(baseURL!, 'Veera', 'female');
  await page.goto('/login');
  await page.evaluate(() => Object.assign(globalThis, { firstDocument: true }));
  await page.getByLabel(/e-?mail/i).fill(member.email);
  await page.getByLabel(/password/i).fill(member.password);
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page).toHaveURL(/\/members$/);
  expect(await page.evaluate(() => 'firstDocument' in globalThis)).toBe(true);
  await waitForServiceWorker(page);
  const button = likeButtons(page).first();
  await expect(button).toBeVisible();
  const id = await memberIdOf(button);

  await goOffline(page);
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await goOnline(page);

  await expect.poll(async () => (await serverLikes(page)).profiles.map((p) => p.id)).toContain(id);
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await member.api.dispose();
});
