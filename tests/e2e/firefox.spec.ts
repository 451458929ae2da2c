/**
 * Firefox (Debian's firefox-esr, driven over WebDriver BiDi by puppeteer-core) beside the Chromium
 * suite. Firefox has no Background Sync, no install prompt and no app badge: the queue must replay
 * on its other triggers (worker start, `online`, the page becoming visible, the sync worker's poll,
 * the page's backoff timer), and the missing features must simply not show, never break the page.
 */
import { expect, request, test } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, type Browser, type Page } from 'puppeteer-core';
import { PRERENDER_CONTAINER_ID } from '../../src/shared/prerender/container';
import { DEMO, newMember } from './helpers';
import { startSwitchableProxy, type SwitchableProxy } from './support/switchable-proxy';
import { WAIT_MS } from './support/wait';

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
/** A kept message while the browser believes it is online ("Waiting for connection" when not). */
const QUEUED_LABEL = 'Sending';

/** The few DOM members the page functions use; this Node project loads no DOM types. */
interface PageGlobals {
  document: {
    body: { innerText: string };
    visibilityState: string;
    querySelector(selector: string): {
      getAttribute(name: string): string | null;
    } | null;
    getElementById(id: string): unknown;
    addEventListener(type: string, listener: () => void): void;
  };
  navigator: {
    serviceWorker: { controller: unknown };
    setAppBadge?: unknown;
  };
  ServiceWorkerRegistration: { prototype: object };
  location: { pathname: string };
  visibleAgain?: number;
}

/** The page's visible text, which is what a member can read. */
const bodyText = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as PageGlobals).document.body.innerText);

/** Waits until the page shows `text` (the screen rendered from the service worker and IndexedDB). */
async function waitForText(page: Page, text: string, timeout = WAIT_MS): Promise<void> {
  try {
    await page.waitForFunction(
      (t: string) => (globalThis as unknown as PageGlobals).document.body.innerText.includes(t),
      { timeout },
      text,
    );
  } catch (error) {
    const shown = await bodyText(page).catch(() => '(no page)');
    throw new Error(`"${text}" not shown at ${page.url()}; the page reads:\n${shown}`, {
      cause: error,
    });
  }
}

/** The like toggle's pressed state on the open profile. */
const likePressed = (page: Page) =>
  page.evaluate(
    () =>
      (globalThis as unknown as PageGlobals).document
        .querySelector('.like-toggle')
        ?.getAttribute('aria-pressed') ?? null,
  );

/** Firefox's report of a chunk or photo load cut off through the service worker. */
const CUT_OFF_LOAD =
  /Failed to load .*\/(assets|uploads)\/.*A ServiceWorker intercepted the request and encountered an unexpected error/;

/** Waits until the service worker controls the page, so reloads and actions go through it. */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(
    () => (globalThis as unknown as PageGlobals).navigator.serviceWorker.controller !== null,
  );
}

/**
 * Logs in through the login screen, as a member would, once the app has taken over the prerendered
 * page: on a busy machine the take-over came between filling the server's copy and clicking it,
 * and the click met a form about to be replaced.
 */
async function login(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/login`);
  await page.waitForFunction(
    (id: string) => (globalThis as unknown as PageGlobals).document.getElementById(id) === null,
    {},
    PRERENDER_CONTAINER_ID,
  );
  await page.locator('input[type=email]').fill(DEMO.email);
  await page.locator('input[autocomplete=current-password]').fill(DEMO.password);
  await page.locator('button[type=submit]').click();
  await page.waitForFunction(
    () => !(globalThis as unknown as PageGlobals).document.querySelector('input[type=email]'),
  );
}

test('Firefox without Background Sync: offline like and message, offline reload, delivered once', async ({
  baseURL,
}) => {
  const recipient = await newMember(baseURL!, 'Aino', 'female');
  const alex = await request.newContext({ baseURL });
  expect((await alex.post('/api/login.php', { data: DEMO })).status()).toBe(200);
  const alexId = ((await (await alex.get('/api/user.php')).json()) as { user: { id: number } }).user
    .id;

  const proxy: SwitchableProxy = await startSwitchableProxy(Number(new URL(baseURL!).port));
  const base = proxy.url;
  const profileDir = mkdtempSync(join(tmpdir(), 'amora-firefox-'));
  let browser: Browser | null = null;
  const problems: string[] = [];
  try {
    browser = await launch({
      browser: 'firefox',
      executablePath: FIREFOX,
      protocol: 'webDriverBiDi',
      headless: true,
      userDataDir: profileDir,
    });
    const page = await browser.newPage();
    // Every wait of the page (waitForFunction, waitForSelector, navigations) gets the suite's time.
    page.setDefaultTimeout(WAIT_MS);
    // Quiet degradation: no uncaught error or unhandled rejection, no console error, at any point.
    // Firefox reports each module load it cut off because the test moved the page on, as an error
    // of the page being left; those are counted apart, only while the test navigates.
    let navigating = false;
    const cutOff: string[] = [];
    const navigate = async (go: () => Promise<unknown>) => {
      navigating = true;
      try {
        await go();
      } finally {
        navigating = false;
      }
    };
    const goto = (url: string) => navigate(() => page.goto(url));
    const reload = () => navigate(() => page.reload());
    page.on('pageerror', (error) => {
      const text = `pageerror: ${String(error)} on ${page.url()}`;
      if (navigating && CUT_OFF_LOAD.test(text)) cutOff.push(text);
      else problems.push(text);
    });
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      // An Error argument prints as "JSHandle@error": where it was logged says more.
      const { url, lineNumber } = message.location();
      problems.push(`console: ${message.text()} on ${page.url()}, from ${url}:${lineNumber}`);
    });

    // What Firefox lacks, so the test proves the other paths.
    await login(page, base);
    const lacks = await page.evaluate(() => ({
      backgroundSync: !(
        'sync' in (globalThis as unknown as PageGlobals).ServiceWorkerRegistration.prototype
      ),
      appBadge: !('setAppBadge' in (globalThis as unknown as PageGlobals).navigator),
      installPrompt: !('onbeforeinstallprompt' in globalThis),
    }));
    expect(lacks).toEqual({ backgroundSync: true, appBadge: true, installPrompt: true });

    // Online visits: the profile, the conversation (created here), the chat list, the likes.
    await goto(`${base}/members/${recipient.id}`);
    await waitForText(page, recipient.name);
    await waitForServiceWorker(page);
    await reload(); // from now on the sync worker, too, runs under the service worker
    await waitForServiceWorker(page);
    await page.waitForSelector('.like-toggle');
    expect(await likePressed(page)).toBe('false');
    await goto(`${base}/members/${recipient.id}/chat`);
    await page.waitForFunction(() =>
      /\/chats\/\d+$/.test((globalThis as unknown as PageGlobals).location.pathname),
    );
    const chatId = Number(/\/chats\/(\d+)$/.exec(page.url())?.[1]);
    expect(chatId).toBeGreaterThan(0);
    await page.waitForSelector('textarea');
    await goto(`${base}/chats`);
    await waitForText(page, recipient.name);
    await goto(`${base}/members/${recipient.id}`);
    await page.waitForSelector('.like-toggle');

    // Offline: the wire is cut for the page and the service worker alike.
    await proxy.setOnline(false);
    await page.locator('.like-toggle').click();
    await page.waitForFunction(
      () =>
        (globalThis as unknown as PageGlobals).document
          .querySelector('.like-toggle')
          ?.getAttribute('aria-pressed') === 'true',
    );
    await goto(`${base}/chats/${chatId}`); // served by the service worker's precache
    const text = `Hei Aino ${Date.now().toString(36)}`;
    await page.locator('textarea').fill(text);
    await page.keyboard.press('Enter');
    // Firefox's own network is up (navigator.onLine), so the kept message reads "Sending".
    await waitForText(page, QUEUED_LABEL);
    expect(await messagesOnServer(recipient.api, chatId, text)).toBe(0);
    expect(await likedByOnServer(recipient.api, alexId)).toBe(0);

    // Reload offline, then every visited screen is still readable.
    await reload();
    await waitForText(page, text);
    await waitForText(page, QUEUED_LABEL);
    await goto(`${base}/chats`);
    await waitForText(page, recipient.name);
    await goto(`${base}/members/${recipient.id}`);
    await waitForText(page, recipient.name);
    expect(await likePressed(page)).toBe('true');
    await goto(`${base}/chats/${chatId}`);
    await waitForText(page, text);

    // Back online. Firefox fires no `online` (its own network never went down) and has no
    // Background Sync: the member comes back to the tab, and its visibility asks for the replay.
    await page.evaluate(() => {
      const g = globalThis as unknown as PageGlobals;
      g.document.addEventListener('visibilitychange', () => {
        if (g.document.visibilityState === 'visible') g.visibleAgain = Date.now();
      });
    });
    await proxy.setOnline(true);
    const backAt = Date.now();
    const other = await browser.newPage();
    await page.bringToFront();
    await other.close();
    await expect
      .poll(async () => ({
        like: await likedByOnServer(recipient.api, alexId),
        message: await messagesOnServer(recipient.api, chatId, text),
      }))
      .toEqual({ like: 1, message: 1 });
    const visibleAgain = await page.evaluate(
      () => (globalThis as unknown as PageGlobals).visibleAgain ?? null,
    );
    test.info().annotations.push({
      type: 'replay',
      description: `delivered ${Date.now() - backAt} ms after reconnecting; page shown again: ${visibleAgain !== null}`,
    });
    await page.waitForFunction(
      (label: string) =>
        !(globalThis as unknown as PageGlobals).document.body.innerText.includes(label),
      {},
      QUEUED_LABEL,
    );
    // Delivered once, and nothing sent twice while the page, the timer and the poll all asked. A
    // further message goes after them: the service worker sends a member's actions in order, a
    // new one behind any still queued, and its replays one round after another, so once it has
    // arrived, whatever could have sent the first ones again has done so.
    const after = `${text} again`;
    await page.locator('textarea').fill(after);
    await page.keyboard.press('Enter');
    await expect.poll(() => messagesOnServer(recipient.api, chatId, after)).toBe(1);
    expect(await messagesOnServer(recipient.api, chatId, text)).toBe(1);
    expect(await likedByOnServer(recipient.api, alexId)).toBe(1);

    // The install offer and the badge simply are not there.
    expect(await bodyText(page)).not.toContain('Install Amora');
    expect(problems).toEqual([]);
    test.info().annotations.push({
      type: 'loads cut off by navigating',
      description: cutOff.length ? cutOff.join(' | ') : 'none',
    });
  } catch (error) {
    // What the page reported before a failure (a navigation aborted, say) says who moved it.
    console.warn(`Firefox page problems before the failure: ${problems.join(' | ') || 'none'}`);
    throw error;
  } finally {
    await browser?.close();
    await proxy.close();
    await alex.dispose();
    await recipient.api.dispose();
    rmSync(profileDir, { recursive: true, force: true });
  }
});

/** How often the recipient's conversation holds `text` (read=0: no read receipt from this look). */
async function messagesOnServer(
  api: Awaited<ReturnType<typeof newMember>>['api'],
  chatId: number,
  text: string,
): Promise<number> {
  const res = await api.get(`/api/chat.php?conversation=${chatId}&read=0`);
  if (res.status() !== 200) return 0; // hidden until its first message arrives
  const { msg } = (await res.json()) as { msg: { msg: string }[] };
  return msg.filter((m) => m.msg === text).length;
}

/** How often the recipient's received likes list `memberId`. */
async function likedByOnServer(
  api: Awaited<ReturnType<typeof newMember>>['api'],
  memberId: number,
): Promise<number> {
  const res = await api.get('/api/likes.php');
  expect(res.status()).toBe(200);
  const { liked_by } = (await res.json()) as { liked_by: { id: number }[] };
  return liked_by.filter((entry) => entry.id === memberId).length;
}
