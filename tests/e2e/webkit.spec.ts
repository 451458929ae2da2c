/**
 * WebKit (Safari's engine: Debian's WebKitGTK MiniBrowser under WebKitWebDriver, driven by
 * webdriverio) beside the Chromium and Firefox suites. This WebKit has no Background Sync, no Push
 * API and no app badge: queued actions must leave on the app's other triggers, and the missing
 * features must not show as broken. WebDriver has no network emulation for WebKitGTK, so offline
 * is a loopback proxy of the test's own, switched off (support/webkit-proxy.ts). One browser walks
 * through the app, so each test goes on from where the one before left it.
 */
import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { buyCredits, DEMO, newMember, type FreshMember } from './helpers';
import { startWebKit, type WebKit, type WebKitSession } from './support/webkit-browser';
import {
  bodyText,
  clickButton as clickButtonIn,
  clickWhenStill,
  fill,
  expectLaidOut,
  inPage,
  inPageAsync,
  likePressed,
  takeProblems,
  waitFor,
  waitForNoText,
  waitForSelector,
  waitForServiceWorker,
  waitForText,
  watchProblems,
  type PageGlobals,
} from './support/webkit-page';
import { startWebKitProxy, type WebKitProxy } from './support/webkit-proxy';
import { waitForMailLink } from './support/mail';

test.describe.configure({ mode: 'serial' });

/** A kept message's state while the browser believes it is online. */
const SENDING = 'Sending';
const BANNER = 'A new version of Amora is ready.';
/** What the profile says when its fetch failed and it shows what this device stored. */
const PROFILE_OFFLINE = 'You are offline. This is the profile as it was last saved';
const PUSH_UNSUPPORTED = 'This browser cannot show push notifications.';

let session: WebKitSession | undefined;
let wk: WebKit;
let proxy: WebKitProxy | undefined;
let base = '';
/** The demo member's API session (the browser logs in as the same member). */
let alex: { api: APIRequestContext; id: number };
/** Members made for this run, in Finland, where no demo member searches. */
let mia: FreshMember;
let lea: FreshMember;
let chatId = 0;
/** Uncaught errors, unhandled rejections and console errors of the page; none may appear. */
const problems: string[] = [];

/** A unique suffix, so texts of earlier runs never match. */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Collects what the watcher saw on the document about to go (none if the page is gone). */
async function collectProblems(): Promise<void> {
  problems.push(...(await takeProblems(wk).catch(() => [])));
}

/** Opens `path` of the app: a full page load, through the service worker once it controls. */
async function open(path: string): Promise<void> {
  await collectProblems();
  await wk.url(`${base}${path}`);
  await watchProblems(wk);
}

/** Reloads the page, as the member's reload button does. */
async function reload(): Promise<void> {
  await collectProblems();
  await wk.refresh();
  await watchProblems(wk);
}

/** Marks the document, so a later look tells whether the page was loaded again meanwhile. */
const markDocument = () =>
  inPage(wk, () => {
    (globalThis as unknown as PageGlobals).loads = 1;
  });
const sameDocument = () => inPage(wk, () => (globalThis as unknown as PageGlobals).loads === 1);

/** Types into the composer and presses Enter, as a member sends. */
async function send(text: string): Promise<void> {
  await fill(wk, 'textarea', text);
  await wk.keys('Enter');
  await waitFor(wk, 'the composer emptied', () =>
    inPage(
      wk,
      () =>
        (
          globalThis as unknown as { document: { querySelector(s: string): { value: string } } }
        ).document.querySelector('textarea').value === '',
    ),
  );
}

/** The texts of `texts` in the other member's conversation on the server, oldest first. */
async function serverMessages(who: FreshMember, texts: string[]): Promise<string[]> {
  const res = await who.api.get(`/api/chat.php?conversation=${chatId}&read=0`);
  if (res.status() !== 200) return []; // hidden until its first message arrives
  const { msg } = (await res.json()) as { msg: { msg: string; id: number }[] };
  return [...msg]
    .sort((a, b) => a.id - b.id)
    .map((m) => m.msg)
    .filter((m) => texts.includes(m));
}

/** How often `who`'s received likes list the demo member. */
async function likedByAlex(who: FreshMember): Promise<number> {
  const res = await who.api.get('/api/likes.php');
  expect(res.status()).toBe(200);
  const { liked_by } = (await res.json()) as { liked_by: { id: number }[] };
  return liked_by.filter((entry) => entry.id === alex.id).length;
}

/** Mia writes to the demo member, from her own session. */
async function miaWrites(text: string): Promise<void> {
  const res = await mia.api.post('/api/chat.php', {
    data: { conversation: chatId, message: text, client_id: randomUUID() },
  });
  expect(res.status()).toBe(200);
}

/** Waits for the open profile's like toggle to read `pressed`. */
const waitForLike = (pressed: 'true' | 'false') =>
  waitFor(wk, `like toggle pressed=${pressed}`, async () => (await likePressed(wk)) === pressed);

/** The like buttons' names on the member cards ("Like Anna"), in order; sponsored cards have none. */
const memberCards = () =>
  inPage(wk, () =>
    Array.from(
      (globalThis as unknown as PageGlobals).document.querySelectorAll('article .like-toggle'),
    ).map((button) => button.getAttribute('aria-label')),
  );

/** Requests of the proxy log since `since` that match `method` and a path start. */
const proxied = (since: number, method: string, path: string) =>
  (proxy?.requests ?? []).filter(
    (r) => r.at >= since && r.method === method && r.path.startsWith(path),
  ).length;

test.beforeAll(async ({ baseURL }) => {
  const api = await request.newContext({ baseURL });
  expect((await api.post('/api/login.php', { data: DEMO })).status()).toBe(200);
  const { user } = (await (await api.get('/api/user.php')).json()) as { user: { id: number } };
  alex = { api, id: user.id };
  [mia, lea] = await Promise.all([
    newMember(baseURL!, 'Mia', 'female'),
    newMember(baseURL!, 'Lea', 'female'),
  ]);
  await buyCredits(mia.api); // she writes back, and messages cost credits
  proxy = await startWebKitProxy(Number(new URL(baseURL!).port));
  base = proxy.url;
  session = await startWebKit();
  wk = session.browser;
});

test.afterAll(async () => {
  await session?.stop();
  await proxy?.close();
  await Promise.all([alex?.api.dispose(), mia?.api.dispose(), lea?.api.dispose()]);
});

test.afterEach(async () => {
  const testInfo = test.info();
  if (testInfo.status !== testInfo.expectedStatus && proxy) {
    // What went over the wire says who moved the page, and what the server answered.
    const log = proxy.requests
      .filter((r) => !/^\/(assets|uploads|_i18n)\//.test(r.path))
      .map((r) => `${new Date(r.at).toISOString()} ${r.method} ${r.path} ${r.status ?? '-'}`);
    await testInfo.attach('proxied requests', { body: log.join('\n'), contentType: 'text/plain' });
  }
  // Quiet degradation: nothing the page reported as broken, at any point.
  await collectProblems();
  expect(problems).toEqual([]);
});

/** Clicks the button whose text is exactly `text`. */
const clickButton = (text: string) => clickButtonIn(wk, text);

/** The sign-up wizard's step `n` is on screen. */
const waitForStep = (n: number, timeout?: number) =>
  waitForSelector(wk, `[data-step="${n}"]`, timeout);

/**
 * Clicks `button` until the wizard shows step `next`. A click that lands while the step is still
 * being put on screen can go unheard; a member would tap again, and so does the test.
 */
async function advance(button: string, next: number): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await clickButton(button);
    try {
      await waitForStep(next, 8_000);
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

test('a visitor signs up, skips the optional steps, activates the account and logs out', async () => {
  const email = `saara-${unique()}@example.net`;
  await open('/signup');
  await waitForStep(0);
  await expectLaidOut(wk, 'signup');
  await fill(wk, 'input[type=email]', email);
  await fill(wk, 'input[autocomplete=given-name]', 'Saara');
  await fill(wk, 'input[autocomplete=new-password]', 'quiet-fjord-lantern-2026');
  await clickButton('Create account');
  // No Push in this WebKit: the wizard goes straight to the living area (SPEC §4).
  await waitForStep(3);
  expect(await bodyText(wk)).toContain('Step 3 of 6');
  await advance('Continue without location', 4);
  await advance('Continue without personal info', 5);
  await advance('Continue without', 7);
  await waitForText(wk, 'Check your inbox');
  await expectLaidOut(wk, 'signup-done');

  const link = new URL(await waitForMailLink(email, '/api/activate.php?token='));
  await open(`${link.pathname}${link.search}`);
  await waitFor(wk, 'the activation page', async () =>
    (await wk.getUrl()).includes('/activate/done'),
  );
  await waitForSelector(wk, 'main h1');
  // The stored member is fetched again, so the "confirm your e-mail" banner goes.
  await waitForNoText(wk, 'Please confirm your email address.');
  await expectLaidOut(wk, 'activated');

  await clickButton('Log out');
  await waitFor(wk, 'logged out', async () => !(await wk.getUrl()).includes('/activate'));
  await waitForSelector(wk, 'a[href="/login"]');
});

test('log in, members, a profile, a like and a conversation: each screen laid out', async () => {
  await open('/login');
  await waitForSelector(wk, 'input[type=email]');
  await expectLaidOut(wk, 'login');
  await fill(wk, 'input[type=email]', DEMO.email);
  await fill(wk, 'input[autocomplete=current-password]', DEMO.password);
  await (await wk.$('button[type=submit]')).click();
  await waitFor(wk, 'login left', async () => !(await wk.getUrl()).includes('/login'));

  // What this WebKit lacks, so the other tests prove the fallbacks.
  const lacks = await inPage(wk, () => {
    const g = globalThis as unknown as PageGlobals;
    return {
      backgroundSync: !('sync' in g.ServiceWorkerRegistration.prototype),
      push: !('PushManager' in g),
      appBadge: !('setAppBadge' in g.navigator),
    };
  });
  expect(lacks).toEqual({ backgroundSync: true, push: true, appBadge: true });

  await open('/members');
  await waitForSelector(wk, 'article .like-toggle');
  await expectLaidOut(wk, 'members');

  await open(`/members/${lea.id}`);
  await waitForText(wk, lea.name);
  await waitForServiceWorker(wk);
  // From this load on, the sync worker too runs under the service worker.
  await open(`/members/${mia.id}`);
  await waitForServiceWorker(wk);
  await waitForText(wk, mia.name);
  await waitForSelector(wk, '.like-toggle');
  await waitFor(wk, 'the profile loaded', () =>
    inPage(
      wk,
      () => !(globalThis as unknown as PageGlobals).document.querySelector('.skeleton-line'),
    ),
  );
  await expectLaidOut(wk, 'profile');
  expect(await likePressed(wk)).toBe('false');
  await clickWhenStill(wk, '.like-toggle');
  await waitForLike('true');
  await expect.poll(() => likedByAlex(mia)).toBe(1);

  await open(`/members/${mia.id}/chat`);
  await waitFor(wk, 'the conversation opened', async () => /\/chats\/\d+$/.test(await wk.getUrl()));
  chatId = Number(/\/chats\/(\d+)$/.exec(await wk.getUrl())?.[1]);
  expect(chatId).toBeGreaterThan(0);
  await waitForSelector(wk, 'textarea');
  const hello = `Hei Mia ${unique()}`;
  await send(hello);
  await expect.poll(() => serverMessages(mia, [hello])).toEqual([hello]);
  await expectLaidOut(wk, 'conversation');

  await open('/chats');
  await waitForText(wk, mia.name);
  await expectLaidOut(wk, 'chats');
});

test('every visited screen opens after an offline reload, from IndexedDB', async () => {
  await open('/members');
  await waitForSelector(wk, 'article .like-toggle');
  const cardsOnline = await memberCards();
  expect(cardsOnline.length).toBeGreaterThan(0);

  await proxy!.setOnline(false);
  try {
    // The browser still believes it is online; only the profile's failed fetch says otherwise.
    await reload();
    await waitForSelector(wk, 'article .like-toggle');
    expect(await memberCards()).toEqual(cardsOnline);
    await expectLaidOut(wk, 'members-offline', { offline: true });

    await open(`/members/${mia.id}`);
    await waitForText(wk, PROFILE_OFFLINE);
    await waitForText(wk, mia.name);
    await waitForLike('true');
    await expectLaidOut(wk, 'profile-offline', { offline: true });

    await open(`/chats/${chatId}`);
    await waitForSelector(wk, 'textarea');
    await waitForText(wk, 'Hei Mia');
    await expectLaidOut(wk, 'conversation-offline', { offline: true });

    await open('/chats');
    await waitForText(wk, mia.name);
    await expectLaidOut(wk, 'chats-offline', { offline: true });
  } finally {
    await proxy!.setOnline(true);
  }
});

test('a page left for the back/forward cache lets go of the leader lock and IndexedDB', async () => {
  // WebKit keeps a page that was left in its back/forward cache, frozen with its sync worker. A
  // worker frozen as leader stalled the pages after it (no polling, no sending), and one frozen
  // inside an IndexedDB transaction held those stores from every later page (src/lib/page-cache.ts).
  // WebKit 2.50 cannot end a worker mid-transaction without locking its stores for good, so the
  // worker lets go itself: told at beforeunload, it ends its transactions and starts none, and at
  // pagehide it ends. The list page is left while its worker may still be writing what it loaded
  // (under load it often is): that is the moment a frozen worker used to keep its stores.
  await open('/members');
  await waitForSelector(wk, 'article .like-toggle');
  await waitFor(wk, 'the list page leads', async () => {
    const locks = await leaderLock();
    return locks.held === 1 && locks.pending === 0;
  });
  await open(`/members/${mia.id}`);
  await waitForSelector(wk, '.like-toggle');
  // One leader, this page's worker, with nobody queued behind a frozen one; no store held.
  await waitFor(wk, "this page's worker alone holds the leader lock", async () => {
    const locks = await leaderLock();
    return locks.held === 1 && locks.pending === 0;
  });
  expect(await storesHeld()).toEqual([]);

  // Back to the member list: restored from the cache, the page loads afresh and works.
  await collectProblems();
  await wk.back();
  await watchProblems(wk);
  await waitForSelector(wk, 'article .like-toggle');
  expect(await wk.getUrl()).toBe(`${base}/members`);
  await waitFor(wk, 'the leader lock again held by one', async () => {
    const locks = await leaderLock();
    return locks.held === 1 && locks.pending === 0;
  });
  // The profile the member went back from is in the cache now, and holds no store.
  expect(await storesHeld()).toEqual([]);
});

/** Who holds and who waits for the sync workers' leader lock (workers/leader.ts). */
const leaderLock = () =>
  inPageAsync(wk, (done: (locks: { held: number; pending: number }) => void) => {
    const { locks } = (globalThis as unknown as { navigator: { locks: LockManagerLike } })
      .navigator;
    void locks.query().then((state) =>
      done({
        held: state.held.filter((lock) => lock.name === 'amora-leader').length,
        pending: state.pending.filter((lock) => lock.name === 'amora-leader').length,
      }),
    );
  });

/**
 * The stores of the app's database where a read does not finish within 10 s: held by a frozen page.
 * A live page's write ends well within that even on a machine busy many times over.
 */
const storesHeld = () =>
  inPageAsync(wk, (done: (held: string[]) => void) => {
    const request = (globalThis as unknown as { indexedDB: IdbLike }).indexedDB.open('amora');
    request.onsuccess = () => {
      const db = request.result;
      const waiting = new Set(Array.from(db.objectStoreNames));
      const finish = () => {
        clearTimeout(timer);
        db.close();
        done([...waiting]);
      };
      const timer = setTimeout(finish, 10_000);
      for (const name of [...waiting]) {
        const read = db.transaction(name, 'readonly').objectStore(name).count();
        read.onsuccess = () => {
          waiting.delete(name);
          if (waiting.size === 0) finish();
        };
      }
    };
  });

/** The part of IndexedDB the store check uses. */
interface IdbLike {
  open(name: string): {
    onsuccess: (() => void) | null;
    result: {
      objectStoreNames: ArrayLike<string>;
      transaction(
        name: string,
        mode: 'readonly',
      ): { objectStore(name: string): { count(): { onsuccess: (() => void) | null } } };
      close(): void;
    };
  };
}

/** The part of the Web Locks API the test reads. */
interface LockManagerLike {
  query(): Promise<{ held: { name: string }[]; pending: { name: string }[] }>;
}

test('a like, an unlike and two messages made offline survive an offline reload and arrive once, in order', async () => {
  const texts = [`one ${unique()}`, `two ${unique()}`];
  await proxy!.setOnline(false);
  // Clicked once the screen is done: the offline note, shown when the fetch fails, moves it.
  await open(`/members/${lea.id}`);
  await waitForText(wk, PROFILE_OFFLINE);
  await waitForLike('false');
  await clickWhenStill(wk, '.like-toggle');
  await waitForLike('true');
  await open(`/members/${mia.id}`);
  await waitForText(wk, PROFILE_OFFLINE);
  await waitForLike('true');
  await clickWhenStill(wk, '.like-toggle');
  await waitForLike('false');
  await open(`/chats/${chatId}`);
  await waitForSelector(wk, 'textarea');
  for (const text of texts) await send(text);
  await waitForText(wk, texts[1]!);
  await waitForText(wk, SENDING);
  expect(await serverMessages(mia, texts)).toEqual([]);
  expect({ lea: await likedByAlex(lea), mia: await likedByAlex(mia) }).toEqual({ lea: 0, mia: 1 });

  // The reload is served by the service worker; the actions wait in its queue and in IndexedDB.
  await reload();
  await waitForText(wk, texts[1]!);
  await waitForText(wk, SENDING);
  await open(`/members/${lea.id}`);
  await waitForLike('true');
  await open(`/members/${mia.id}`);
  await waitForLike('false');
  await open(`/chats/${chatId}`);
  await waitForText(wk, texts[1]!);

  await proxy!.setOnline(true);
  const backAt = Date.now();
  await expect
    .poll(
      async () => ({
        lea: await likedByAlex(lea),
        mia: await likedByAlex(mia),
        messages: await serverMessages(mia, texts),
      }),
      // A page's own triggers send them within seconds (the live stream's reconnect, the user
      // poll); the leader's resend of stranded actions (workers/stranded-actions.ts) is the last.
      { timeout: 60_000 },
    )
    .toEqual({ lea: 1, mia: 0, messages: texts });
  console.log(`webkit: offline actions delivered ${Date.now() - backAt} ms after reconnecting`);
  test.info().annotations.push({
    type: 'replay',
    description: `delivered ${Date.now() - backAt} ms after reconnecting, without Background Sync`,
  });
  await waitForNoText(wk, SENDING);
  // Once: nothing sent again by the other triggers (page, poll, timer) that asked meanwhile.
  await sendAfter();
  expect(await serverMessages(mia, texts)).toEqual(texts);
  expect({ lea: await likedByAlex(lea), mia: await likedByAlex(mia) }).toEqual({ lea: 1, mia: 0 });
});

test('a message arrives live in the open conversation, without a reload', async () => {
  await waitForSelector(wk, 'textarea');
  await markDocument();
  const since = Date.now();
  const text = `Live from Mia ${unique()}`;
  await miaWrites(text);
  await waitForText(wk, text);
  test.info().annotations.push({
    type: 'live',
    description: `shown ${Date.now() - since} ms after the send`,
  });
  expect(await sameDocument()).toBe(true);
  // The event stream, through the proxy like everything else, brought it: no page load since.
  expect(proxy!.requests.some((r) => r.path.startsWith('/api/events.php'))).toBe(true);
  expect(proxied(since, 'GET', `/chats/${chatId}`)).toBe(0);
});

test('without Push and badges, the notifications screen says so and new messages show in the app', async () => {
  await open('/notifications');
  await waitForText(wk, PUSH_UNSUPPORTED);
  // The switch that cannot work is there, off and disabled, with the note that says why.
  const pushSwitch = await inPage(wk, () => {
    const input = (
      globalThis as unknown as {
        document: { querySelector(s: string): { disabled: boolean; checked: boolean } | null };
      }
    ).document.querySelector('#push-switch');
    return input && { disabled: input.disabled, checked: input.checked };
  });
  expect(pushSwitch).toEqual({ disabled: true, checked: false });
  await expectLaidOut(wk, 'notifications');

  // No push, no badge: a new message shows on the open page instead, live.
  await markDocument();
  const text = `Are you there ${unique()}`;
  await miaWrites(text);
  await waitForText(wk, text);
  expect(await sameDocument()).toBe(true);
  expect(await bodyText(wk)).not.toContain('Install Amora');
});

test('a new service worker takes over without losing a queued message', async () => {
  await open(`/chats/${chatId}`);
  await waitForSelector(wk, 'textarea');
  await waitForServiceWorker(wk);

  // The release: the tab's next update check finds a new worker, which installs and waits.
  proxy!.deploy(`deployment ${unique()}`);
  await inPageAsync(wk, (done: (ok: boolean) => void) => {
    void (globalThis as unknown as PageGlobals).navigator.serviceWorker
      .getRegistration()
      .then((registration) => registration?.update())
      .then(
        () => done(true),
        () => done(false),
      );
  });
  await waitForText(wk, BANNER);
  expect(await registration()).toMatchObject({ waiting: true, active: true });

  // Offline, a message waits in the old worker's queue.
  await proxy!.setOnline(false);
  const text = `Across the update ${unique()}`;
  await send(text);
  await waitForText(wk, SENDING);

  // Refresh: the new worker takes over and the page reloads once, offline, from its precache.
  await markDocument();
  await clickWhenStill(wk, '.update-banner button.btn-primary');
  await waitFor(wk, 'the page reloaded', async () => !(await sameDocument().catch(() => true)));
  await watchProblems(wk);
  await waitForSelector(wk, 'textarea');
  await waitForServiceWorker(wk);
  await waitForNoText(wk, BANNER);
  expect(await registration()).toMatchObject({ waiting: false, active: true });
  await waitForText(wk, text);
  await waitForText(wk, SENDING);
  await markDocument();
  // One reload, not a loop: this document's app has loaded its service-worker bridge, and the
  // registration holds only the worker that controls the page, so no take-over is left that
  // could reload it again.
  await waitFor(wk, 'the service worker bridge loaded', () =>
    inPage(wk, () =>
      (
        globalThis as unknown as {
          performance: { getEntriesByType(type: string): { name: string }[] };
        }
      ).performance
        .getEntriesByType('resource')
        .some((entry) => /\/assets\/workbox-window\b/.test(entry.name)),
    ),
  );
  expect(await registration()).toMatchObject({ waiting: false, active: true });
  expect(await sameDocument()).toBe(true);
  expect(await serverMessages(mia, [text])).toEqual([]);

  // Back online, the new worker sends what the old one queued: once.
  await proxy!.setOnline(true);
  await expect.poll(() => serverMessages(mia, [text])).toEqual([text]);
  await waitForNoText(wk, SENDING);
  await sendAfter();
  expect(await serverMessages(mia, [text])).toEqual([text]);
});

/**
 * Sends one more message from the open conversation and waits until the server has it. The
 * service worker sends a member's actions in order, a new one behind any still queued, and its
 * replays one round after another: once this one has arrived, whatever could have sent an earlier
 * action again has done so, and the server's counts are final.
 */
async function sendAfter(): Promise<void> {
  const after = `After them ${unique()}`;
  await send(after);
  await expect.poll(() => serverMessages(mia, [after])).toEqual([after]);
}

/** The registration's workers: whether one waits and one is active. */
const registration = () =>
  inPageAsync(wk, (done: (state: { waiting: boolean; active: boolean } | null) => void) => {
    void (globalThis as unknown as PageGlobals).navigator.serviceWorker
      .getRegistration()
      .then((found) =>
        done(found ? { waiting: Boolean(found.waiting), active: Boolean(found.active) } : null),
      );
  });
