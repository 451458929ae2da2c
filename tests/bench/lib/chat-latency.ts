/**
 * Send-to-render latency of a chat message between two members' open tabs, measured in the pages:
 * the sender's Enter keydown and the receiver's DOM mutation that shows the text, both Date.now().
 */
import type { Browser, Page } from 'playwright-core';
import { loginAs } from './member-session';
import { PAGE_LANE_CHANNEL } from '../../../src/shared/page-lane';

/** A member's login; the demo logins are in lib/member-session.ts and tests/e2e/helpers.ts. */
export interface Login {
  email: string;
  password: string;
}

/**
 * Stamps Date.now() on every Enter keydown, in the capture phase of window: it runs before the
 * composer's own handler sends, so it is the moment a member's press reaches the page.
 */
const ENTER_STAMP = `
  window.__benchSentAt = 0;
  window.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey) window.__benchSentAt = Date.now();
  }, true);
  true;
`;

/**
 * Records in window.__benchStored the time of every IndexedDB write to the messages table that
 * this browser context makes, from any of its threads: Dexie announces each committed write on
 * its BroadcastChannel, which a page can listen to like Dexie's own live queries do. Records in
 * window.__benchLane the time the sync worker handed received messages to the pages (the
 * message lane, src/api/message-lane.ts). Both split the latency without touching the app.
 */
const RECORD_STORED = `(() => {
  window.__benchStored = [];
  window.__benchLane = [];
  const now = () => performance.timeOrigin + performance.now();
  const channel = new BroadcastChannel('x-storagemutated-1');
  channel.onmessage = (event) => {
    const parts = event.data && typeof event.data === 'object' ? Object.keys(event.data) : [];
    if (parts.some((part) => part.includes('/messages/'))) window.__benchStored.push(now());
  };
  const lane = new BroadcastChannel('${PAGE_LANE_CHANNEL}');
  lane.onmessage = () => window.__benchLane.push(now());
  window.__benchStoredChannel = channel;
  window.__benchLaneChannel = lane;
  return true;
})()`;

/** Write and lane times recorded in a page (epoch ms). */
interface Recorded {
  stored: number[];
  lane: number[];
}

/** The recorded times from `since` (epoch ms) on, and a fresh start for the next message. */
const TAKE_STORED = (since: number) => `(() => {
  const taken = { stored: window.__benchStored ?? [], lane: window.__benchLane ?? [] };
  window.__benchStored = [];
  window.__benchLane = [];
  return { stored: taken.stored.filter((at) => at >= ${since}), lane: taken.lane.filter((at) => at >= ${since}) };
})()`;

/**
 * Installs a MutationObserver that resolves window.__benchSeen with Date.now() when a chat bubble
 * holding exactly `text` appears (a string: this project has no DOM types). Rejects after 10 s.
 */
const watchFor = (text: string) => `(() => {
  const text = ${JSON.stringify(text)};
  const shown = () => Array.from(document.querySelectorAll('.chat-bubble .chat-text'))
    .some((el) => el.textContent === text);
  window.__benchSeen = new Promise((resolve, reject) => {
    if (shown()) return reject(new Error('the text was on screen before it was sent'));
    let timer;
    const observer = new MutationObserver(() => {
      if (!shown()) return;
      const at = Date.now();
      observer.disconnect();
      clearTimeout(timer);
      resolve(at);
    });
    timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error('not rendered within 10 s'));
    }, 10000);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  window.__benchSeen.catch(() => undefined);
  return true;
})()`;

/** The quiet after each message before the next, ms; see sendAndTime. */
export const QUIET_MS = 400;

/** The composer of the open conversation. */
const composer = (page: Page) => page.getByRole('textbox', { name: /^Message to / });

/** Two members' pages on the same conversation, and how to close them. */
export interface OpenConversation {
  alex: Page;
  sam: Page;
  close(): Promise<void>;
}

/**
 * Logs Alex in on `alexUrl` and Sam on `samUrl` (two instances, or one twice), each in a context
 * of their own, and opens their conversation on both, as the profile's message button does.
 */
export async function openConversation(
  browser: Browser,
  alex: { url: string; login: Login },
  sam: { url: string; login: Login },
): Promise<OpenConversation> {
  const contexts = [await browser.newContext(), await browser.newContext()];
  const close = async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
  };
  try {
    const [alexPage, samPage] = await Promise.all(contexts.map((c) => c.newPage()));
    for (const c of contexts) c.setDefaultTimeout(30_000);
    await loginAs(alexPage!, alex.url, alex.login);
    await loginAs(samPage!, sam.url, sam.login);
    const me = await samPage!.request.get(`${sam.url}/api/user.php`, { timeout: 10_000 });
    const samId = ((await me.json()) as { user?: { id?: number } }).user?.id;
    if (!me.ok() || !samId) throw new Error(`Sam's /api/user.php answered ${me.status()}`);

    await alexPage!.goto(`${alex.url}/members/${samId}/chat`);
    await alexPage!.waitForURL(/\/chats\/\d+$/, { timeout: 30_000 });
    const chatId = Number(/\/chats\/(\d+)$/.exec(alexPage!.url())?.[1]);
    if (!(chatId > 0)) throw new Error(`no conversation id in ${alexPage!.url()}`);
    await samPage!.goto(`${sam.url}/chats/${chatId}`);
    for (const page of [alexPage!, samPage!]) {
      await composer(page).waitFor({ state: 'visible', timeout: 30_000 });
      await page.evaluate(ENTER_STAMP);
      await page.evaluate(RECORD_STORED);
      // Let each screen load the conversation, so what follows can only come live.
      await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    }
    return { alex: alexPage!, sam: samPage!, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * The floor's two pages (lib/bare-chat-server.ts at `url`), each in a context of its own like the
 * members', with the same stamps and write recorder (which hears nothing there: no database).
 */
export async function openFloor(browser: Browser, url: string): Promise<OpenConversation> {
  const contexts = [await browser.newContext(), await browser.newContext()];
  const close = async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
  };
  try {
    const pages = await Promise.all(contexts.map((c) => c.newPage()));
    for (const page of pages) {
      await page.goto(url);
      await page.waitForFunction('window.__floorOpen === true', undefined, { timeout: 10_000 });
      await page.evaluate(ENTER_STAMP);
      await page.evaluate(RECORD_STORED);
    }
    return { alex: pages[0]!, sam: pages[1]!, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** What one message measured: send-to-render ms, and whether the sender saw "read" in time. */
export interface Timed {
  ms: number;
  readMarked: boolean;
  /**
   * Where the time went, ms after the Enter keydown: the sender's own row written to its
   * IndexedDB, the receiver's worker handing the message to its pages (the message lane), and the
   * receiver's copy written to its IndexedDB. Null when not seen.
   */
  senderStored: number | null;
  receiverLane: number | null;
  receiverStored: number | null;
}

/**
 * Sends `text` from `from` (composer + Enter) and returns the ms until `to` rendered it. Then, with
 * `marks` (the app; the floor has none), waits for the sender's bubble to say "sent" and up to
 * `readWaitMs` for "read", so the next message starts on a quiet conversation; a missing read
 * mark is reported, not fatal.
 */
export async function sendAndTime(
  from: Page,
  to: Page,
  text: string,
  { marks = true, readWaitMs = 2_000 }: { marks?: boolean; readWaitMs?: number } = {},
): Promise<Timed> {
  await to.evaluate(watchFor(text));
  await from.evaluate('window.__benchSentAt = 0');
  const armed = Date.now();
  await from.evaluate(TAKE_STORED(armed));
  await to.evaluate(TAKE_STORED(armed));
  const box = composer(from);
  await box.fill(text);
  await box.press('Enter');
  const seenAt = Number(await to.evaluate('window.__benchSeen'));
  const sentAt = Number(await from.evaluate('window.__benchSentAt'));
  if (!(sentAt > 0)) throw new Error('the Enter keydown was not seen in the sender page');
  const readMarked = marks ? await waitForMarks(from, text, readWaitMs) : false;
  // The pause a member takes before answering, at its shortest: what this message set off on both
  // devices (receipts, list refetches, which wait FOLLOW_UP_DELAY_MS) ends before the next one.
  await from.waitForTimeout(QUIET_MS);
  // Taken after the pause: the receiver's write may come after the bubble, which the lane showed.
  const own = (await from.evaluate(TAKE_STORED(sentAt))) as Recorded;
  const theirs = (await to.evaluate(TAKE_STORED(sentAt))) as Recorded;
  const after = (at: number | undefined) => (at === undefined ? null : Math.round(at - sentAt));
  return {
    ms: seenAt - sentAt,
    readMarked,
    senderStored: after(own.stored[0]),
    receiverLane: after(theirs.lane[0]),
    receiverStored: after(theirs.stored[0]),
  };
}

/** Waits for the sender's bubble to say "sent" (or later), then up to `readWaitMs` for "read". */
async function waitForMarks(from: Page, text: string, readWaitMs: number): Promise<boolean> {
  const status = from
    .locator('.chat-bubble', { has: from.getByText(text, { exact: true }) })
    .locator('.chat-status');
  await status
    .and(from.locator('.is-sent, .is-delivered, .is-read'))
    .waitFor({ state: 'attached', timeout: 15_000 });
  return status
    .and(from.locator('.is-read'))
    .waitFor({ state: 'attached', timeout: readWaitMs })
    .then(
      () => true,
      () => false,
    );
}

/** Nearest-rank percentile (p in 0..100) of a list: a value that was measured, never interpolated. */
export function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? NaN;
}
