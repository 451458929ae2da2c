/**
 * How long the end-to-end suite lets one condition take to come true: a page to show a text, a
 * queued action to reach the server, a service worker to take control. Sized for a two-core
 * machine running two workers, each with its browsers and the server, beside other work: a step
 * that takes a second on a quiet machine can take ten there. playwright.config.ts gives it to
 * every Playwright expectation; the puppeteer (Firefox) and WebDriver (WebKit) helpers, which do
 * not use Playwright's expect, take it as their default. No single wait names a time of its own.
 */
export const WAIT_MS = 30_000;
