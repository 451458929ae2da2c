/**
 * Push click-through: from a click on a message notification to the newest message on screen,
 * with the service worker warm and the conversation's page cold (a new document). The member has
 * the app open on another screen: a click made by script may steer an open tab but not open a
 * window (tests/e2e/support/push.ts), so the worker's navigate() of that tab is what is timed.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { appServiceWorker, clickNotification, pushRegistration } from '../../e2e/support/push';
import type { Login } from './chat-latency';
import { loginAs, waitForMemberList, waitForServiceWorker } from './member-session';

/**
 * Records in window.__benchBubbles the first Date.now() each chat bubble text was in the
 * document, from the document's start (a string: this project has no DOM types).
 */
const BUBBLE_TIMES = `
  window.__benchBubbles = {};
  new MutationObserver(() => {
    for (const el of document.querySelectorAll('.chat-bubble .chat-text')) {
      const text = el.textContent;
      if (text && !(text in window.__benchBubbles)) window.__benchBubbles[text] = Date.now();
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
`;

/** What one click measured, ms after the click. */
export interface PushClick {
  /** The conversation's document started (its performance.timeOrigin). */
  documentAt: number;
  /** The newest message's bubble was in the document. */
  shownAt: number;
}

/** The clicks timed, and how many pushes had to be delivered a second time. */
export interface PushClicks {
  clicks: PushClick[];
  pushesRepeated: number;
}

/**
 * `rounds` times: the receiver's tab is on the member list, the sender posts a message through the
 * API, the push for it reaches the receiver's service worker (DevTools), its notification is
 * clicked, and the receiver's tab opens the conversation. Each round's message is new.
 */
export async function measurePushClicks(
  browser: Browser,
  url: string,
  receiver: Login,
  sender: Page,
  chatId: number,
  rounds: number,
): Promise<PushClicks> {
  const origin = new URL(url).origin;
  const context = await browser.newContext();
  try {
    context.setDefaultTimeout(30_000);
    await context.grantPermissions(['notifications'], { origin });
    await context.addInitScript(BUBBLE_TIMES);
    const page = await context.newPage();
    await loginAs(page, url, receiver);
    // The conversation once, as a member who has read it before: its files and rows are stored.
    await page.goto(`${url}/chats/${chatId}`);
    await waitForServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    const registrationId = await pushRegistration(cdp, origin);
    const worker = await appServiceWorker(context);
    const tag = `chat-${chatId}`;
    const clicks: PushClick[] = [];
    let pushesRepeated = 0;
    for (let i = 0; i < rounds; i++) {
      await page.goto(`${url}/members`);
      await waitForMemberList(page);
      await page.waitForLoadState('networkidle');
      const text = `push click ${randomUUID().slice(0, 8)} ${i}`;
      const sent = await sender.request.post(`${url}/api/chat.php`, {
        data: { conversation: chatId, message: text, client_id: randomUUID() },
        headers: { origin },
      });
      if (!sent.ok()) throw new Error(`the sender's message was answered ${sent.status()}`);
      const shown = async () =>
        Number(
          await worker.evaluate(
            `self.registration.getNotifications({ tag: ${JSON.stringify(tag)} }).then((l) => l.length)`,
          ),
        ) > 0;
      // A push DevTools delivered while the worker was busy has been seen to leave no
      // notification (about one round in thirty): it is delivered once more, and counted.
      let delivered = false;
      for (let attempt = 0; attempt < 2 && !delivered; attempt++) {
        if (attempt > 0) pushesRepeated++;
        await cdp.send('ServiceWorker.deliverPushMessage', {
          origin,
          registrationId,
          data: JSON.stringify({
            type: 'message',
            title: 'Sam',
            body: text,
            url: `/chats/${chatId}`,
            tag,
            conversation: chatId,
          }),
        });
        delivered = await waitFor(shown, 5_000);
      }
      if (!delivered) throw new Error('no notification shown for two pushes');
      const { clickedAt } = await clickNotification(context, tag);
      if (clickedAt === null) throw new Error('the notification was not shown');
      await page.waitForURL((at) => at.pathname === `/chats/${chatId}`);
      await page.waitForFunction(
        (shown) =>
          (globalThis as unknown as { __benchBubbles?: Record<string, number> }).__benchBubbles?.[
            shown
          ] !== undefined,
        text,
      );
      const [timeOrigin, shownAt] = (await page.evaluate(
        `[performance.timeOrigin, window.__benchBubbles[${JSON.stringify(text)}]]`,
      )) as [number, number];
      clicks.push({
        documentAt: Math.round(timeOrigin - clickedAt),
        shownAt: shownAt - clickedAt,
      });
    }
    await cdp.detach();
    return { clicks, pushesRepeated };
  } finally {
    await context.close();
  }
}

/** Polls `check` every 50 ms until it holds (true) or `ms` have passed (false). */
async function waitFor(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}
