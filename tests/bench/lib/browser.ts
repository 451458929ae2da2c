/** Debian's Chromium, started the way the end-to-end tests start it (never a downloaded browser). */
import { chromium, type Browser } from 'playwright-core';
import { startServer, tempDir } from './processes';

/** CHROMIUM_PATH as in playwright.config.ts. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** playwright.config.ts's flags: no sandbox as root, no GPU, no background traffic in the figures. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Headless Chromium through playwright-core. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
    headless: true,
    timeout: 60_000,
  });
}

/** Median of a list (the lower middle of an even one), so one noisy run cannot move a figure. */
export function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
}

/**
 * The real server on the bench build (own data folder) and a headless Chromium, for a part that
 * drives pages; both are stopped however `use` ends.
 */
export async function withServerAndChromium<T>(
  appRoot: string,
  dataName: string,
  use: (serverUrl: string, browser: Browser) => Promise<T>,
): Promise<T> {
  const server = await startServer(tempDir(dataName), {}, { root: appRoot });
  try {
    const browser = await launchChromium();
    try {
      return await use(server.url, browser);
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}
