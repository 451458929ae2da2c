import { defineConfig } from '@playwright/test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './tests/e2e/support/free-port';
import { WAIT_MS } from './tests/e2e/support/wait';

// Worker processes inherit the environment, so the port and data folder are chosen once.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'amora-e2e-'));
// Mails go through real SMTP to a loopback sink that files them where tests read them.
process.env.SMTP_SINK_PORT ??= String(await freePort());
process.env.MAIL_DIR ??= join(process.env.E2E_DATA_DIR, 'sink');
// Conversions of visitors from the `e2e-partner` network are reported to a loopback partner.
process.env.POSTBACK_SINK_PORT ??= String(await freePort());
const port = Number(process.env.E2E_PORT);
const smtpPort = Number(process.env.SMTP_SINK_PORT);
const postbackPort = Number(process.env.POSTBACK_SINK_PORT);

/** The embedded site config plus one partner, as an operator's own copy would add it. */
function siteConfigWithPartner(): string {
  const path = join(process.env.E2E_DATA_DIR ?? tmpdir(), 'site.config.json');
  const site = JSON.parse(readFileSync('server/site.config.json', 'utf8')) as Record<
    string,
    unknown
  >;
  const query =
    'click={ref}&event={event}&amount={amount}&currency={currency}&tx={transaction}&s1={sub1}&id={event_id}';
  site.postbacks = {
    'e2e-partner': {
      url: `http://127.0.0.1:${postbackPort}/postback?${query}`,
      events: ['signup', 'activation', 'first_purchase', 'purchase', 'refund'],
    },
  };
  writeFileSync(path, JSON.stringify(site, null, 2));
  return path;
}
const reportDir = process.env.REPORT_DIR;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // A two-core runner holds two workers, each with up to three browsers and the server, beside
  // other work: a step that takes a second on a quiet machine can take ten there. Both limits are
  // set here only, for such a machine: every expectation may take WAIT_MS (support/wait.ts), every
  // test three minutes, enough for the longest walks through several screens. Only a test whose
  // length grows with its own parameters (flaps.spec.ts) or one that loads many times more pages
  // than the rest (a11y.spec.ts) sets its own.
  timeout: 180_000,
  expect: { timeout: WAIT_MS },
  reporter: reportDir ? [['list'], ['json', { outputFile: join(reportDir, 'e2e.json') }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Actions and the waits for an event or a page function (waitForEvent, waitForFunction).
    actionTimeout: WAIT_MS,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Firefox and WebKit first: each is one serial walk, which at the end of the run kept one worker
  // busy for 40 s while the other had nothing left; first, the Chromium tests fill in beside them.
  projects: [
    // Launches Debian's firefox-esr itself through puppeteer-core (WebDriver BiDi).
    { name: 'firefox-esr', testMatch: /firefox\.spec\.ts$/ },
    // Starts Xvfb, WebKitWebDriver and Debian's WebKitGTK MiniBrowser itself (webdriverio).
    // One browser walks through the app, so a retry runs the whole walk again; on a busy runner
    // its offline replay can wait for the stranded-action resend (README, Reliability: WebKit).
    { name: 'webkit', testMatch: /webkit\.spec\.ts$/, retries: process.env.CI ? 2 : 0 },
    {
      name: 'chromium',
      use: { browserName: 'chromium' },
      testIgnore: /(firefox|webkit)\.spec\.ts$/,
    },
  ],
  webServer: [
    {
      command: 'node --import tsx tests/e2e/support/postback-sink.ts',
      port: postbackPort,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { POSTBACK_SINK_PORT: String(postbackPort) },
    },
    {
      command: 'node --import tsx tests/e2e/support/smtp-sink.ts',
      port: smtpPort,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { SMTP_SINK_PORT: String(smtpPort), MAIL_DIR: process.env.MAIL_DIR },
    },
    {
      // The compiled server, as `npm start` runs it (test:e2e builds it first). The bench points
      // E2E_SERVER and E2E_CLIENT_DIR at builds of its own, so it never touches ./dist.
      command: `node --enable-source-maps ${process.env.E2E_SERVER ?? 'dist/server/main.js'}`,
      url: `http://127.0.0.1:${port}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        // End-to-end runs log in many times from one address.
        RATE_LIMIT_SCALE: '100',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        SITE_CONFIG: siteConfigWithPartner(),
        ...(process.env.E2E_CLIENT_DIR && { CLIENT_DIR: process.env.E2E_CLIENT_DIR }),
      },
    },
  ],
});
