import {
  expect,
  request,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { randomUUID } from 'node:crypto';
import {
  DEMO,
  DEMO2,
  goOffline,
  goOnline,
  login,
  reloadUnderServiceWorker,
  waitForServiceWorker,
} from './helpers';

// Alex and Sam share one conversation and spend credits on it: one test after another.
test.describe.configure({ mode: 'serial' });

type Login = { email: string; password: string };

/** An API session of a demo member and their id. */
async function apiSession(baseURL: string, who: Login) {
  const api = await request.newContext({ baseURL });
  expect((await api.post('/api/login.php', { data: who })).status()).toBe(200);
  const res = await api.get('/api/user.php');
  expect(res.status()).toBe(200);
  const { user } = (await res.json()) as { user: { id: number } };
  return { api, id: user.id };
}

/** A unique suffix, so texts of earlier runs and tests never match. */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A browser of its own for a member, logged in through the login screen. */
async function memberPage(browser: Browser, baseURL: string, who: Login): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await login(page, who);
  return page;
}

/** Opens the conversation with `memberId` the way a profile's message button does. */
async function openChatWith(page: Page, memberId: number): Promise<number> {
  await page.goto(`/members/${memberId}/chat`);
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  const id = Number(/\/chats\/(\d+)$/.exec(page.url())?.[1]);
  expect(id).toBeGreaterThan(0);
  await expect(page.getByRole('textbox', { name: /^Message to / })).toBeVisible();
  return id;
}

/** Types into the composer and presses Enter, as a member sends. */
async function send(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: /^Message to / });
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('');
}

/** The list of messages (a labelled region). */
const messages = (page: Page) => page.getByRole('region', { name: /^Messages with / });

/** The bubble holding exactly `text`. */
const bubble = (page: Page, text: string): Locator =>
  messages(page)
    .locator('.chat-bubble')
    .filter({ has: page.getByText(text, { exact: true }) });

/** The state an own message shows, by the words screen readers hear (and the tooltip). */
const status = (page: Page, text: string) => bubble(page, text).locator('.chat-status');

/** How many times the server holds each text in the newest page (read=0: no read receipts). */
async function serverCounts(api: APIRequestContext, conversation: number, texts: string[]) {
  const res = await api.get(`/api/chat.php?conversation=${conversation}&read=0`);
  expect(res.status()).toBe(200);
  const { msg } = (await res.json()) as { msg: { msg: string }[] };
  return texts.map((t) => msg.filter((m) => m.msg === t).length);
}

test('a message arrives live in the other member’s open conversation and shows as read', async ({
  browser,
  baseURL,
}) => {
  const sam = await apiSession(baseURL!, DEMO2);
  const alexPage = await memberPage(browser, baseURL!, DEMO);
  const samPage = await memberPage(browser, baseURL!, DEMO2);
  // Sam's browser listens to the server's event stream (SSE).
  let samStreams = 0;
  samPage.context().on('request', (req) => {
    if (new URL(req.url()).pathname === '/api/events.php') samStreams++;
  });

  const chatId = await openChatWith(alexPage, sam.id);
  await samPage.goto(`/chats/${chatId}`);
  await expect(samPage.getByRole('textbox', { name: /^Message to / })).toBeVisible();
  // Let Sam's screen load the conversation, so what follows can only come live.
  await samPage.waitForLoadState('networkidle');
  let samReloads = 0;
  samPage.on('framenavigated', (frame) => {
    if (frame === samPage.mainFrame()) samReloads++;
  });

  const text = `Hello Sam ${unique()}`;
  await send(alexPage, text);
  await expect(messages(samPage).getByText(text, { exact: true })).toBeVisible({
    timeout: 5_000,
  });
  expect(samReloads).toBe(0);
  expect(samStreams).toBeGreaterThan(0);
  // Sam's screen now knows who wrote (the conversation was hidden on his side until now).
  await expect(samPage.getByRole('heading', { level: 1 })).toHaveText('Alex');
  await expect(messages(samPage).getByText(text, { exact: true })).toHaveCount(1);

  // Sam has it open: the newest page is read, and Alex's bubble says so.
  await expect(status(alexPage, text)).toHaveText('Read', { timeout: 15_000 });
  await expect(status(alexPage, text)).toHaveAttribute('title', 'Read');

  await alexPage.context().close();
  await samPage.context().close();
  await sam.api.dispose();
});

test('messages written offline wait, then arrive once each and in order after reconnecting', async ({
  browser,
  baseURL,
}) => {
  const sam = await apiSession(baseURL!, DEMO2);
  const alexPage = await memberPage(browser, baseURL!, DEMO);
  const samPage = await memberPage(browser, baseURL!, DEMO2);
  const chatId = await openChatWith(alexPage, sam.id);
  await reloadUnderServiceWorker(alexPage);
  await samPage.goto(`/chats/${chatId}`);
  await expect(samPage.getByRole('textbox', { name: /^Message to / })).toBeVisible();

  const tag = unique();
  const texts = [`one ${tag}`, `two ${tag}`, `three ${tag}`];
  await goOffline(alexPage);
  await expect(alexPage.getByText(/^You are offline\. Your messages are sent/)).toBeVisible();
  for (const text of texts) {
    await send(alexPage, text);
    await expect(status(alexPage, text)).toHaveText('Waiting for connection');
  }
  // Nothing got through while offline.
  expect(await serverCounts(sam.api, chatId, texts)).toEqual([0, 0, 0]);

  await goOnline(alexPage);
  for (const text of texts) {
    await expect(messages(samPage).getByText(text, { exact: true })).toBeVisible({
      timeout: 20_000,
    });
  }
  const shown = await messages(samPage).locator('.chat-text').allTextContents();
  expect(shown.filter((t) => t.endsWith(` ${tag}`))).toEqual(texts);
  expect(await serverCounts(sam.api, chatId, texts)).toEqual([1, 1, 1]);
  for (const text of texts) {
    await expect(status(alexPage, text)).toHaveText(/^(Sent|Read)$/, { timeout: 15_000 });
    await expect(bubble(alexPage, text)).toHaveCount(1);
  }

  await alexPage.context().close();
  await samPage.context().close();
  await sam.api.dispose();
});

test('a reply lost after the server stored the message is not a second message', async ({
  browser,
  baseURL,
}) => {
  const sam = await apiSession(baseURL!, DEMO2);
  const alexPage = await memberPage(browser, baseURL!, DEMO);
  const samPage = await memberPage(browser, baseURL!, DEMO2);
  const chatId = await openChatWith(alexPage, sam.id);
  await reloadUnderServiceWorker(alexPage);
  await samPage.goto(`/chats/${chatId}`);
  await expect(samPage.getByRole('textbox', { name: /^Message to / })).toBeVisible();

  const text = `Lost reply ${unique()}`;
  let lost = 0;
  let posts = 0;
  await alexPage.context().route('**/api/chat.php', async (route) => {
    const body = route.request().postDataJSON() as { message?: string } | null;
    if (route.request().method() !== 'POST' || body?.message !== text) return route.continue();
    posts++;
    if (lost > 0) return route.continue();
    lost++;
    await route.fetch(); // the server stores the message…
    return route.abort('connectionreset'); // …and its answer never arrives
  });

  await send(alexPage, text);
  await expect(status(alexPage, text)).toHaveText(/^(Sent|Read)$/, { timeout: 25_000 });
  expect(lost).toBe(1);
  // "Sent" comes from the replay's answer or from the live event carrying the client id, whichever
  // is first; either way the one stored message is the only one.
  expect(posts).toBeGreaterThanOrEqual(1);
  expect(await serverCounts(sam.api, chatId, [text])).toEqual([1]);
  await expect(messages(samPage).getByText(text, { exact: true })).toBeVisible({
    timeout: 10_000,
  });
  await expect(messages(samPage).getByText(text, { exact: true })).toHaveCount(1);
  await expect(bubble(alexPage, text)).toHaveCount(1);

  await alexPage.context().unrouteAll({ behavior: 'ignoreErrors' });
  await alexPage.context().close();
  await samPage.context().close();
  await sam.api.dispose();
});

/** The notifications the app's service worker shows, read from the page. */
async function shownNotifications(page: Page): Promise<{ title: string; tag: string }[]> {
  // A string: the check runs in the page, whose DOM types this Node project does not load.
  return page.evaluate(`navigator.serviceWorker.ready
    .then((r) => r.getNotifications())
    .then((list) => list.map((n) => ({ title: n.title, tag: n.tag, body: n.body })))`);
}

test('a push shows a notification per conversation, and reading the conversation closes it', async ({
  browser,
  baseURL,
}) => {
  const alex = await apiSession(baseURL!, DEMO);
  const sam = await apiSession(baseURL!, DEMO2);
  const origin = new URL(baseURL!).origin;
  const alexPage = await memberPage(browser, baseURL!, DEMO);
  await alexPage.context().grantPermissions(['notifications'], { origin });
  const chatId = Number(
    ((await (await alex.api.get(`/api/chat.php?profile=${sam.id}`)).json()) as { id: number }).id,
  );
  expect(chatId).toBeGreaterThan(0);
  // Sam writes, so the conversation is unread for Alex, as when a real push comes.
  const text = `Push me ${unique()}`;
  const sent = await sam.api.post('/api/chat.php', {
    data: { conversation: chatId, message: text, client_id: randomUUID() },
  });
  expect(sent.status()).toBe(200);

  await alexPage.goto('/chats');
  await waitForServiceWorker(alexPage);

  const cdp = await alexPage.context().newCDPSession(alexPage);
  // Our registration, once the browser reports an activated version of it to push to.
  const registrations = new Set<string>();
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
      for (const r of event.registrations) {
        if (r.scopeURL === `${origin}/` && !r.isDeleted) registrations.add(r.registrationId);
      }
    });
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      const active = versions.find(
        (v) => registrations.has(v.registrationId) && v.status === 'activated',
      );
      if (active) resolve(active.registrationId);
    });
  });
  cdp.on('ServiceWorker.workerErrorReported', ({ errorMessage }) =>
    console.warn('Service worker error', errorMessage.errorMessage),
  );
  await cdp.send('ServiceWorker.enable');
  const payload = {
    type: 'message',
    title: 'Sam',
    body: text,
    url: `/chats/${chatId}`,
    tag: `chat-${chatId}`,
    conversation: chatId,
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify(payload),
  });
  await expect
    .poll(() => shownNotifications(alexPage), { timeout: 10_000 })
    .toEqual([{ title: 'Sam', tag: `chat-${chatId}`, body: text }]);

  // A second push of the same conversation replaces the notification (one tag per conversation).
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify({ ...payload, body: `${text} again` }),
  });
  await expect
    .poll(() => shownNotifications(alexPage), { timeout: 10_000 })
    .toEqual([{ title: 'Sam', tag: `chat-${chatId}`, body: `${text} again` }]);

  // Where a click leads (Chromium cannot click a notification from a test): reading the
  // conversation there closes its notification.
  await alexPage.goto(payload.url);
  await expect(messages(alexPage).getByText(text, { exact: true })).toBeVisible();
  await expect.poll(() => shownNotifications(alexPage), { timeout: 10_000 }).toEqual([]);

  await cdp.detach();
  await alexPage.context().close();
  await alex.api.dispose();
  await sam.api.dispose();
});
