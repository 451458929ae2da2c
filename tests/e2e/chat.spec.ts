import {
  expect,
  request,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  type Worker,
} from '@playwright/test';
import { randomUUID } from 'node:crypto';
import {
  buyCredits,
  DEMO,
  DEMO2,
  goOffline,
  goOnline,
  login,
  newMember,
  reloadUnderServiceWorker,
  waitForServiceWorker,
} from './helpers';
import { clickNotification, pushRegistration } from './support/push';
import { conversationMessages } from './support/server-state';

// Alex and Sam share one conversation and spend credits on it: one test after another.
// Each test drives two browsers with service workers: twice the time of a one-browser test.
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
  // Live: Sam's page is not reloaded (checked below), so only the event stream can bring it.
  await expect(messages(samPage).getByText(text, { exact: true })).toBeVisible();
  expect(samReloads).toBe(0);
  expect(samStreams).toBeGreaterThan(0);
  // Sam's screen now knows who wrote (the conversation was hidden on his side until now).
  await expect(samPage.getByRole('heading', { level: 1 })).toHaveText('Alex');
  await expect(messages(samPage).getByText(text, { exact: true })).toHaveCount(1);

  // Sam has it open: the newest page is read, and Alex's bubble says so.
  await expect(status(alexPage, text)).toHaveText('Read');
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
    await expect(messages(samPage).getByText(text, { exact: true })).toBeVisible();
  }
  const shown = await messages(samPage).locator('.chat-text').allTextContents();
  expect(shown.filter((t) => t.endsWith(` ${tag}`))).toEqual(texts);
  expect(await serverCounts(sam.api, chatId, texts)).toEqual([1, 1, 1]);
  for (const text of texts) {
    await expect(status(alexPage, text)).toHaveText(/^(Sent|Delivered|Read)$/);
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
  await expect(status(alexPage, text)).toHaveText(/^(Sent|Delivered|Read)$/);
  expect(lost).toBe(1);
  // "Sent" comes from the replay's answer or from the live event carrying the client id, whichever
  // is first; either way the one stored message is the only one.
  expect(posts).toBeGreaterThanOrEqual(1);
  expect(await serverCounts(sam.api, chatId, [text])).toEqual([1]);
  await expect(messages(samPage).getByText(text, { exact: true })).toBeVisible();
  await expect(messages(samPage).getByText(text, { exact: true })).toHaveCount(1);
  await expect(bubble(alexPage, text)).toHaveCount(1);

  await alexPage.context().unrouteAll({ behavior: 'ignoreErrors' });
  await alexPage.context().close();
  await samPage.context().close();
  await sam.api.dispose();
});

/** The page's localStorage, typed here as the Node-side test sees no DOM types. */
interface PageStorage {
  length: number;
  key(index: number): string | null;
  setItem(key: string, value: string): void;
}

/** The keys of the messages the page keeps until its worker holds them (unsent-messages.ts). */
const keptKeys = (page: Page) =>
  page.evaluate(() => {
    const store = (globalThis as unknown as { localStorage: PageStorage }).localStorage;
    const keys: string[] = [];
    for (let i = 0; i < store.length; i++) keys.push(store.key(i) ?? '');
    return keys.filter((key) => key.startsWith('amora.unsent.'));
  });

test('a message sent just before a reload arrives once after it', async ({ browser, baseURL }) => {
  const sam = await apiSession(baseURL!, DEMO2);
  const alex = await apiSession(baseURL!, DEMO);
  const alexPage = await memberPage(browser, baseURL!, DEMO);
  const chatId = await openChatWith(alexPage, sam.id);
  await reloadUnderServiceWorker(alexPage);

  // A reload right after Enter: the request is held back so it cannot be what delivers the text.
  const raced = `Raced ${unique()}`;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await alexPage.context().route('**/api/chat.php', async (route) => {
    const body = route.request().postDataJSON() as { message?: string } | null;
    if (route.request().method() !== 'POST' || body?.message !== raced) return route.continue();
    await held;
    return route.abort('connectionreset');
  });
  const box = alexPage.getByRole('textbox', { name: /^Message to / });
  await box.fill(raced);
  await box.press('Enter');
  expect(await keptKeys(alexPage)).toHaveLength(1);
  await alexPage.reload();
  release();
  await alexPage.context().unrouteAll({ behavior: 'wait' });

  // What a page reloaded in the moment before its worker wrote the row kept: one message that
  // never left, and one whose request reached the server before the reload.
  const neverLeft = { text: `Never left ${unique()}`, clientId: randomUUID() };
  const arrived = { text: `Arrived ${unique()}`, clientId: randomUUID() };
  const first = await alex.api.post('/api/chat.php', {
    data: { conversation: chatId, message: arrived.text, client_id: arrived.clientId },
  });
  expect(first.status()).toBe(200);
  await alexPage.evaluate(
    ({ kept, member, conversation }) => {
      for (const [i, { text, clientId }] of kept.entries()) {
        const entry = { member, conversation, text, clientId, at: Date.now() - 5000 + i };
        (globalThis as unknown as { localStorage: PageStorage }).localStorage.setItem(
          `amora.unsent.${clientId}`,
          JSON.stringify(entry),
        );
      }
    },
    { kept: [neverLeft, arrived], member: alex.id, conversation: chatId },
  );
  await alexPage.reload();

  for (const text of [raced, neverLeft.text, arrived.text]) {
    await expect(status(alexPage, text)).toHaveText(/^(Sent|Delivered|Read)$/);
    await expect(bubble(alexPage, text)).toHaveCount(1);
  }
  expect(await serverCounts(sam.api, chatId, [raced, neverLeft.text, arrived.text])).toEqual([
    1, 1, 1,
  ]);
  await expect.poll(() => keptKeys(alexPage)).toEqual([]);

  await alexPage.context().close();
  await alex.api.dispose();
  await sam.api.dispose();
});

test('a message typed right after a reload goes after the one the reload interrupted', async ({
  browser,
  baseURL,
}) => {
  const sam = await apiSession(baseURL!, DEMO2);
  const alex = await apiSession(baseURL!, DEMO);
  const alexPage = await memberPage(browser, baseURL!, DEMO);
  const chatId = await openChatWith(alexPage, sam.id);
  await reloadUnderServiceWorker(alexPage);

  // Enter, then a reload before the worker's request left: all that is left is the page's copy.
  const interrupted = { text: `Interrupted ${unique()}`, clientId: randomUUID() };
  await alexPage.evaluate(
    ({ text, clientId, member, conversation }) => {
      const entry = { member, conversation, text, clientId, at: Date.now() };
      (globalThis as unknown as { localStorage: PageStorage }).localStorage.setItem(
        `amora.unsent.${clientId}`,
        JSON.stringify(entry),
      );
    },
    { ...interrupted, member: alex.id, conversation: chatId },
  );
  await alexPage.reload();

  // The next message at once: well inside the time a load leaves an open tab to send its own.
  const next = `Right after ${unique()}`;
  await send(alexPage, next);

  await expect(status(alexPage, next)).toHaveText(/^(Sent|Delivered|Read)$/);
  await expect(status(alexPage, interrupted.text)).toHaveText(/^(Sent|Delivered|Read)$/);
  const order = (await conversationMessages(sam.api, chatId))
    .map((m) => m.msg)
    .filter((text) => text === interrupted.text || text === next);
  expect(order).toEqual([interrupted.text, next]);
  await expect.poll(() => keptKeys(alexPage)).toEqual([]);

  await alexPage.context().close();
  await alex.api.dispose();
  await sam.api.dispose();
});

test('an own message goes sent, then delivered when the other member’s device gets it, then read', async ({
  browser,
  baseURL,
}) => {
  // Members of their own: another test may have a demo member's device on, which would mark
  // the first message delivered at once.
  const alex = await newMember(baseURL!, 'Aleksi', 'male');
  await buyCredits(alex.api);
  const sam = await newMember(baseURL!, 'Saara', 'female');
  const alexPage = await memberPage(browser, baseURL!, alex);
  const chatId = await openChatWith(alexPage, sam.id);

  // No device of Sam's is on: the server has it, nobody else.
  const text = `Are you there ${unique()}`;
  await send(alexPage, text);
  await expect(status(alexPage, text)).toHaveText('Sent');
  // The newest own message spells its state out; older ones keep it for screen readers.
  await expect(status(alexPage, text).locator('.chat-status-label')).toHaveText('Sent');

  // Sam logs in and lands elsewhere in the app (not the conversation): his worker's chat list
  // brings the message to his device.
  const samContext = await browser.newContext({ baseURL });
  const streamOpen = samContext.waitForEvent('response', {
    predicate: (res) => new URL(res.url()).pathname === '/api/events.php' && res.ok(),
  });
  const samPage = await samContext.newPage();
  await login(samPage, sam);
  await expect(samPage).not.toHaveURL(/\/chats/);
  await expect(status(alexPage, text)).toHaveText('Delivered');
  await streamOpen;

  // Now live: the next message comes over Sam's event stream, which his worker acknowledges.
  const acks: string[] = [];
  samPage.context().on('request', (req) => {
    if (req.method() === 'PUT' && new URL(req.url()).pathname === '/api/chat.php') {
      acks.push(req.postData() ?? '');
    }
  });
  const live = `Still there ${unique()}`;
  await send(alexPage, live);
  await expect(status(alexPage, live)).toHaveText('Delivered');
  await expect.poll(() => acks.length).toBeGreaterThan(0);
  expect(JSON.parse(acks[0] ?? '{}')).toMatchObject({ conversation: chatId });
  await expect(status(alexPage, text).locator('.chat-status-label')).toHaveCount(0);

  // Sam reads the conversation.
  await samPage.goto(`/chats/${chatId}`);
  await expect(messages(samPage).getByText(live, { exact: true })).toBeVisible();
  await expect(status(alexPage, live)).toHaveText('Read');
  await expect(status(alexPage, text)).toHaveText('Read');

  await alexPage.context().close();
  await samPage.context().close();
  await sam.api.dispose();
  await alex.api.dispose();
});

/** The notifications the app's service worker shows, read from the page. */
async function shownNotifications(page: Page): Promise<{ title: string; tag: string }[]> {
  // A string: the check runs in the page, whose DOM types this Node project does not load.
  return page.evaluate(`navigator.serviceWorker.ready
    .then((r) => r.getNotifications())
    .then((list) => list.map((n) => ({ title: n.title, tag: n.tag, body: n.body })))`);
}

/** Clicks the notification shown under `tag` (support/push.ts); resolves the service worker. */
async function clickShown(context: BrowserContext, tag: string): Promise<Worker> {
  const { worker, clickedAt } = await clickNotification(context, tag);
  expect(clickedAt).not.toBeNull();
  return worker;
}

test('a push shows a notification per conversation, and a click on it opens the conversation', async ({
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
  const registrationId = pushRegistration(cdp, origin);
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
  // Generous: on a loaded two-core runner the worker's push event can wait its turn for seconds.
  await expect
    .poll(() => shownNotifications(alexPage))
    .toEqual([{ title: 'Sam', tag: `chat-${chatId}`, body: text }]);

  // A second push of the same conversation replaces the notification (one tag per conversation).
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify({ ...payload, body: `${text} again` }),
  });
  await expect
    .poll(() => shownNotifications(alexPage))
    .toEqual([{ title: 'Sam', tag: `chat-${chatId}`, body: `${text} again` }]);

  // A click on it (Chromium cannot click a notification from a test, so the service worker gets
  // a real notificationclick event with the notification it shows) brings the tab that is open
  // elsewhere in the app to the conversation, and the notification is gone.
  await alexPage.goto('/members');
  await waitForServiceWorker(alexPage);
  await clickShown(alexPage.context(), payload.tag);
  await expect(alexPage).toHaveURL(new RegExp(`/chats/${chatId}$`));
  await expect(messages(alexPage).getByText(text, { exact: true })).toBeVisible();
  await expect.poll(() => shownNotifications(alexPage)).toEqual([]);

  // With no window open the click would open one, but Chromium refuses openWindow() to a click
  // made by script ("Not allowed to open a window"): only that the handler copes is checked.
  await alexPage.goto('/members');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify({ ...payload, body: `${text} once more` }),
  });
  await expect.poll(() => shownNotifications(alexPage)).toHaveLength(1);
  await cdp.detach();
  const context = alexPage.context();
  await alexPage.close();
  const worker = await clickShown(context, payload.tag);
  await expect
    .poll(() => worker.evaluate('self.registration.getNotifications().then((l) => l.length)'))
    .toBe(0);
  expect(context.pages()).toEqual([]);

  await context.close();
  await alex.api.dispose();
  await sam.api.dispose();
});
