/**
 * Debian's WebKitGTK (Safari's engine) under test: an Xvfb display of its own, WebKitWebDriver on a
 * free port, and MiniBrowser in automation mode, driven over classic WebDriver by webdriverio.
 * Nothing is downloaded: the three programs come from the Debian packages webkit2gtk-driver,
 * libwebkit2gtk-4.1-0 and xvfb (scripts/test-prerequisites.mjs installs them).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { remote } from 'webdriverio';
import { freePort } from './free-port';
import { WAIT_MS } from './wait';

export const MINIBROWSER =
  process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';

export type WebKit = WebdriverIO.Browser;

export interface WebKitSession {
  browser: WebKit;
  /** Ends the session, then the driver and the display. */
  stop(): Promise<void>;
}

/**
 * MiniBrowser in automation mode. WebKitWebDriver speaks classic WebDriver only (no BiDi), so
 * webdriverio must not wait for a BiDi socket. A variable, not a literal: webdriverio's types do
 * not list the vendor capability.
 */
const MINIBROWSER_CAPABILITIES = {
  browserName: 'MiniBrowser',
  'wdio:enforceWebDriverClassic': true,
  'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
};

/** Stops a child we started and waits for it to go. */
async function end(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await gone;
  clearTimeout(timer);
}

/** Starts Xvfb on a display number it picks itself (-displayfd), so no number is assumed free. */
async function startDisplay(): Promise<{ xvfb: ChildProcess; display: string }> {
  const xvfb = spawn(
    'Xvfb',
    ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  xvfb.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const display = await new Promise<string>((resolve, reject) => {
      let out = '';
      xvfb.stdio[3]?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) resolve(`:${out.trim()}`);
      });
      xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}): ${log}`)));
      timer = setTimeout(() => reject(new Error(`Xvfb did not start: ${log}`)), WAIT_MS);
    });
    return { xvfb, display };
  } catch (error) {
    await end(xvfb);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Starts WebKitWebDriver on a free port; tries again if another process took the port first. */
async function startDriver(display: string): Promise<{ driver: ChildProcess; port: number }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`, '--host=127.0.0.1'], {
      env: { ...process.env, DISPLAY: display },
      stdio: 'ignore',
    });
    let exited = false;
    driver.once('exit', () => (exited = true));
    const deadline = Date.now() + WAIT_MS;
    while (!exited && Date.now() < deadline) {
      const up = await fetch(`http://127.0.0.1:${port}/status`, {
        signal: AbortSignal.timeout(WAIT_MS),
      }).then(
        (res) => res.ok,
        () => false,
      );
      if (up) return { driver, port };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await end(driver);
    if (attempt === 3) throw new Error('WebKitWebDriver did not start');
  }
}

/** Starts a display, the driver and a fresh MiniBrowser (its automation session keeps no data). */
export async function startWebKit(): Promise<WebKitSession> {
  for (const file of [MINIBROWSER, WEBKIT_DRIVER]) {
    if (!existsSync(file)) {
      throw new Error(`${file} is missing: apt-get install -y webkit2gtk-driver xvfb`);
    }
  }
  let xvfb: ChildProcess | null = null;
  let driver: ChildProcess | null = null;
  const stopProcesses = async () => {
    await end(driver);
    await end(xvfb);
  };
  try {
    const shown = await startDisplay();
    xvfb = shown.xvfb;
    const started = await startDriver(shown.display);
    driver = started.driver;
    const browser = await remote({
      hostname: '127.0.0.1',
      port: started.port,
      path: '/',
      logLevel: 'warn',
      connectionRetryCount: 0,
      capabilities: MINIBROWSER_CAPABILITIES,
    });
    await browser.setWindowSize(1280, 900);
    return {
      browser,
      stop: async () => {
        await browser.deleteSession().catch(() => undefined);
        await stopProcesses();
      },
    };
  } catch (error) {
    await stopProcesses();
    throw error;
  }
}
