/**
 * What the WebKit test reads from the page, over WebDriver. The functions handed to `execute` run
 * in the page, where this Node project's types do not reach: each casts `globalThis` to the few
 * DOM members it uses (PageGlobals).
 */
import { test } from '@playwright/test';
import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { WAIT_MS } from './wait';
import type { WebKit } from './webkit-browser';

/** The DOM members the page functions use. */
export interface PageGlobals {
  document: {
    body: { innerText: string };
    documentElement: { scrollWidth: number };
    styleSheets: ArrayLike<{ cssRules: ArrayLike<unknown> }>;
    visibilityState: string;
    querySelector(selector: string): PageElement | null;
    querySelectorAll(selector: string): ArrayLike<PageElement>;
    addEventListener(type: string, listener: () => void): void;
  };
  navigator: {
    serviceWorker: {
      controller: { scriptURL: string } | null;
      getRegistration(): Promise<
        | {
            active: { scriptURL: string } | null;
            waiting: unknown;
            update(): Promise<unknown>;
          }
        | undefined
      >;
    };
    setAppBadge?: unknown;
  };
  ServiceWorkerRegistration: { prototype: object };
  PushManager?: unknown;
  getComputedStyle(element: PageElement): { marginTop: string; display: string };
  innerWidth: number;
  innerHeight: number;
  location: { pathname: string };
  /** Set by the test: when the page was last shown again. */
  shownAgainAt?: number;
  /** Set by the test: how often the page's document was replaced. */
  loads?: number;
}

export interface PageElement {
  innerText: string;
  textContent: string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
  hasAttribute(name: string): boolean;
  className: string;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): { top: number; width: number; height: number };
}

/**
 * Runs `script` in the page and gives back its result. webdriverio types the result through DOM
 * types this Node project does not load (every result would read as an element), so the script's
 * own return type is kept here.
 */
export function inPage<T, A extends unknown[]>(
  browser: WebKit,
  script: (...args: A) => T,
  ...args: A
): Promise<T> {
  return browser.execute(script as never, ...(args as unknown as never[])) as unknown as Promise<T>;
}

/** Runs `script` in the page; it answers by calling the callback it gets last. */
export function inPageAsync<T>(
  browser: WebKit,
  script: (done: (result: T) => void) => void,
): Promise<T> {
  return browser.executeAsync(script as never) as unknown as Promise<T>;
}

/** What the problem watcher adds to the page. */
interface WatchedGlobals {
  amoraProblems?: string[];
  addEventListener(
    type: string,
    listener: (event: { message?: string; reason?: unknown }) => void,
  ): void;
  console: { error(...args: unknown[]): void };
}

/**
 * Starts collecting the page's uncaught errors, unhandled rejections and console errors. WebDriver
 * classic has no log for WebKitGTK, so the page keeps them; what happens while a document loads,
 * before this runs, is not seen (the screens' checks catch a page that failed to load).
 */
export const watchProblems = (browser: WebKit): Promise<void> =>
  inPage(browser, () => {
    const g = globalThis as unknown as WatchedGlobals;
    if (g.amoraProblems) return;
    const problems: string[] = (g.amoraProblems = []);
    g.addEventListener('error', (event) => problems.push(`error: ${event.message}`));
    g.addEventListener('unhandledrejection', (event) =>
      problems.push(`unhandled rejection: ${String(event.reason)}`),
    );
    const original = g.console.error.bind(g.console);
    g.console.error = (...args: unknown[]) => {
      problems.push(`console.error: ${args.map(String).join(' ')}`);
      original(...args);
    };
  });

/** What the watcher collected on this document since the last look (none if it never ran). */
export const takeProblems = (browser: WebKit): Promise<string[]> =>
  inPage(browser, () => (globalThis as unknown as WatchedGlobals).amoraProblems?.splice(0) ?? []);

/** The page's visible text, which is what a member can read. */
export const bodyText = (browser: WebKit): Promise<string> =>
  inPage(browser, () => (globalThis as unknown as PageGlobals).document.body.innerText);

/** Waits for `check` (run in Node, polling the page), naming what was awaited when it fails. */
export async function waitFor(
  browser: WebKit,
  what: string,
  check: () => Promise<boolean>,
  timeout = WAIT_MS,
): Promise<void> {
  try {
    await browser.waitUntil(() => check().catch(() => false), { timeout, interval: 150 });
  } catch (error) {
    const url = await browser.getUrl().catch(() => '(no page)');
    const shown = await bodyText(browser).catch(() => '(no page)');
    throw new Error(`${what}: not within ${timeout} ms at ${url}; the page reads:\n${shown}`, {
      cause: error,
    });
  }
}

/** Waits until the page shows `text`. */
export const waitForText = (browser: WebKit, text: string, timeout?: number) =>
  waitFor(
    browser,
    `"${text}" shown`,
    async () => (await bodyText(browser)).includes(text),
    timeout,
  );

/** Waits until the page no longer shows `text`. */
export const waitForNoText = (browser: WebKit, text: string, timeout?: number) =>
  waitFor(
    browser,
    `"${text}" gone`,
    async () => !(await bodyText(browser)).includes(text),
    timeout,
  );

/** Waits until an element matches `selector`. */
export const waitForSelector = (browser: WebKit, selector: string, timeout?: number) =>
  waitFor(
    browser,
    `${selector} present`,
    () =>
      inPage(
        browser,
        (s: string) => (globalThis as unknown as PageGlobals).document.querySelector(s) !== null,
        selector,
      ),
    timeout,
  );

/**
 * Clicks `selector` once it has stopped moving: WebDriver clicks at the element's centre, so a
 * notice that pushes it down between aiming and clicking would make the click miss.
 */
export async function clickWhenStill(browser: WebKit, selector: string): Promise<void> {
  const where = () =>
    inPage(
      browser,
      (s: string) => {
        const box = (globalThis as unknown as PageGlobals).document
          .querySelector(s)
          ?.getBoundingClientRect();
        return box ? `${box.top},${box.width},${box.height}` : null;
      },
      selector,
    );
  let last: string | null = null;
  let still = 0;
  await waitFor(browser, `${selector} still`, async () => {
    const now = await where();
    still = now !== null && now === last ? still + 1 : 0;
    last = now;
    return still >= 2;
  });
  await (await browser.$(selector)).click();
}

/** The like toggle's pressed state on the open profile. */
export const likePressed = (browser: WebKit): Promise<string | null> =>
  inPage(
    browser,
    () =>
      (globalThis as unknown as PageGlobals).document
        .querySelector('.like-toggle')
        ?.getAttribute('aria-pressed') ?? null,
  );

/** Waits until the service worker controls the page, so reloads and actions go through it. */
export const waitForServiceWorker = (browser: WebKit) =>
  waitFor(browser, 'a service worker controlling the page', () =>
    inPage(
      browser,
      () => (globalThis as unknown as PageGlobals).navigator.serviceWorker.controller !== null,
    ),
  );

/** What a laid-out screen looks like in the page. */
interface Layout {
  appMain: boolean;
  mainWidth: number;
  mainHeight: number;
  mainTop: number;
  mainText: number;
  bodyMargin: string;
  cssRules: number;
  overflow: number;
  viewport: { width: number; height: number };
}

/** The photos in the main area's first screen: still loading, and loaded without a picture. */
const photos = (browser: WebKit) =>
  inPage(browser, () => {
    const g = globalThis as unknown as PageGlobals;
    const shown = Array.from(
      g.document.querySelectorAll('main img') as ArrayLike<
        PageElement & { complete: boolean; naturalWidth: number }
      >,
    ).filter((image) => {
      const box = image.getBoundingClientRect();
      return box.width > 0 && box.top < g.innerHeight;
    });
    return {
      loading: shown.filter((image) => !image.complete).length,
      broken: shown.filter((image) => image.complete && image.naturalWidth === 0).length,
    };
  });

/**
 * Takes a screenshot of the screen, attaches it to the report, and checks the screen is laid out:
 * the app's stylesheet applied (Bootstrap's reboot takes the body's margin away), the app's own
 * main area (not the error page) on the first screen, wide and tall with text in it, nothing
 * wider than the window, a screenshot that is not one flat colour, and (online) the photos on the
 * first screen loaded. Offline, photos the device never stored may be missing: they are counted.
 */
export async function expectLaidOut(
  browser: WebKit,
  screen: string,
  { offline = false }: { offline?: boolean } = {},
): Promise<void> {
  // Photos still loading get until the deadline; what is still loading then is reported below.
  const deadline = Date.now() + WAIT_MS;
  let pictures = await photos(browser);
  while (pictures.loading > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    pictures = await photos(browser);
  }
  const layout = await inPage(browser, (): Layout => {
    const g = globalThis as unknown as PageGlobals;
    const main = g.document.querySelector('main#main');
    const box = main?.getBoundingClientRect();
    let cssRules = 0;
    for (let i = 0; i < g.document.styleSheets.length; i++) {
      cssRules += g.document.styleSheets[i]!.cssRules.length;
    }
    return {
      appMain: Boolean(main?.className.split(' ').includes('app-main')),
      mainWidth: Math.round(box?.width ?? 0),
      mainHeight: Math.round(box?.height ?? 0),
      mainTop: Math.round(box?.top ?? Infinity),
      mainText: main?.innerText.trim().length ?? 0,
      bodyMargin: g.getComputedStyle(g.document.body as unknown as PageElement).marginTop,
      cssRules,
      overflow: g.document.documentElement.scrollWidth - g.innerWidth,
      viewport: { width: g.innerWidth, height: g.innerHeight },
    };
  });
  const png = Buffer.from(await browser.takeScreenshot(), 'base64');
  const file = test.info().outputPath(`webkit-${screen}.png`);
  await writeFile(file, png);
  await test.info().attach(`webkit-${screen}`, { path: file, contentType: 'image/png' });
  const { channels } = await sharp(png).stats();
  const contrast = Math.max(...channels.map((channel) => channel.stdev));

  const problems: string[] = [];
  if (!layout.appMain) problems.push('no app main area (error page?)');
  if (layout.cssRules < 100) problems.push(`only ${layout.cssRules} CSS rules`);
  if (layout.bodyMargin !== '0px') problems.push(`body margin ${layout.bodyMargin}: unstyled`);
  if (layout.mainWidth < Math.min(320, layout.viewport.width)) problems.push('main too narrow');
  if (layout.mainHeight < 200) problems.push('main too short');
  if (layout.mainTop > layout.viewport.height / 2) problems.push('main below the first screen');
  if (layout.mainText < 20) problems.push('main nearly empty');
  if (layout.overflow > 1) problems.push(`${layout.overflow}px wider than the window`);
  // A blank or failed capture is one colour (stdev near 0); a sparse but drawn screen, such as a
  // list of one conversation on a wide window, measures 8 and up.
  if (contrast < 4) problems.push(`screenshot flat (stdev ${contrast.toFixed(1)})`);
  if (offline) {
    test.info().annotations.push({
      type: `photos on ${screen}`,
      description: `${pictures.broken} not stored on the device, ${pictures.loading} still loading`,
    });
  } else if (pictures.loading + pictures.broken > 0) {
    problems.push(`${pictures.loading} photos still loading, ${pictures.broken} broken`);
  }
  if (problems.length > 0) {
    throw new Error(`${screen} is not laid out: ${problems.join('; ')} ${JSON.stringify(layout)}`);
  }
}

/**
 * Types `value` into the field `selector`. A prerendered page replaces its fields when React takes
 * it over, so a field found a moment before may be gone: it is found again until the value holds.
 */
export const fill = (browser: WebKit, selector: string, value: string) =>
  waitFor(browser, `${selector} filled`, async () => {
    try {
      const field = await browser.$(selector);
      await field.setValue(value);
      return (await field.getValue()) === value;
    } catch {
      return false; // replaced meanwhile: found again on the next round
    }
  });

/**
 * Clicks the button whose text is exactly `text` once it is there and stands still; it is found
 * again on every look, for the same reason as in `fill`.
 */
export async function clickButton(browser: WebKit, text: string): Promise<void> {
  const mark = () =>
    inPage(
      browser,
      (wanted: string) => {
        const { document } = globalThis as unknown as PageGlobals;
        document.querySelector('[data-test-click]')?.removeAttribute('data-test-click');
        // A disabled button (a step still saving) would swallow the click.
        const button = Array.from(document.querySelectorAll('button')).find(
          (b) => b.textContent?.trim() === wanted && !b.hasAttribute('disabled'),
        );
        if (!button) return null;
        button.setAttribute('data-test-click', '');
        const box = button.getBoundingClientRect();
        return `${box.top},${box.width},${box.height}`;
      },
      text,
    );
  let last: string | null = null;
  let still = 0;
  await waitFor(browser, `a still button "${text}" clicked`, async () => {
    const now = await mark();
    still = now !== null && now === last ? still + 1 : 0;
    last = now;
    if (still < 2) return false;
    try {
      await (await browser.$('[data-test-click]')).click();
      return true;
    } catch {
      still = 0; // replaced between the look and the click
      return false;
    }
  });
}
