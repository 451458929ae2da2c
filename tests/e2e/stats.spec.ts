/**
 * The operator's figures end to end: a visitor from a partner's ad (a lander with a tracking
 * query) signs up, activates the account and pays through the demo checkout; a holder of the
 * stats role then finds each step in the stats console, and the partner (a loopback server, see
 * support/postback-sink.ts) has heard of each conversion exactly once.
 */
import { expect, request, test, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { login, newMember } from './helpers';
import { waitForMailLink } from './support/mail';

const run = promisify(execFile);
const PASSWORD = 'copper-lantern-meadow-2026';
/** The network the run's site config reports to (playwright.config.ts). */
const NETWORK = 'e2e-partner';

const step = (page: Page, n: number) => page.locator(`[data-step="${n}"]`);

/** The stats role comes from the documented command, on the end-to-end server's own database. */
async function grantStats(email: string): Promise<void> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const env = { ...inherited, DATA_DIR: process.env.E2E_DATA_DIR };
  const { stdout } = await run('npm', ['run', '--silent', 'admin', '--', 'grant-stats', email], {
    env,
  });
  expect(stdout).toContain(email);
}

/** What the partner received for one click id, by event name. */
async function postbacksFor(click: string): Promise<Record<string, string>[]> {
  const partner = await request.newContext();
  try {
    const res = await partner.get(`http://127.0.0.1:${process.env.POSTBACK_SINK_PORT}/received`);
    const all = (await res.json()) as { query: Record<string, string> }[];
    return all.map((r) => r.query).filter((q) => q.click === click);
  } finally {
    await partner.dispose();
  }
}

test('a visitor from a partner lander signs up and pays; the console counts each step and the partner hears of each once', async ({
  page,
  browser,
  baseURL,
}) => {
  // The run's own sub-id, so the figures of other tests on the same server stay out of view.
  const tag = `run${Date.now().toString(36)}`;
  const click = `click-${tag}`;
  const email = `stats-${tag}@example.net`;

  // A phone from an ad: the lander, its form, and the wizard's skippable steps.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/landers/gallery/eng?network=${NETWORK}&ref=${click}&sub1=${tag}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Sign up free' }).first().click();
  await expect(step(page, 0)).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name').fill('Mira');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(step(page, 1).or(step(page, 2)).or(step(page, 3))).toBeVisible();
  if (await step(page, 1).isVisible()) await page.getByRole('button', { name: 'Not now' }).click();
  if (await step(page, 2).isVisible()) {
    await page.getByRole('button', { name: 'Continue without a photo' }).click();
  }
  await page.getByRole('button', { name: 'Continue without location' }).click();
  await page.getByRole('button', { name: 'Continue without personal info' }).click();
  await page.getByRole('button', { name: 'Continue without', exact: true }).click();
  await expect(step(page, 7)).toBeVisible();

  // The activation mail's link.
  await page.goto(await waitForMailLink(email, '/api/activate.php?token='));
  await expect(page).toHaveURL(/\/activate\/done/);

  // A credit package through the demo checkout.
  await page.goto('/credits');
  await page.locator('a.credit-package-link').first().click();
  await expect(page.getByRole('heading', { name: 'Your order' })).toBeVisible();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/api\/payments\/demo\.php\?session=/);
  await page.getByRole('button', { name: 'Paid' }).click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  const transaction = new URL(page.url()).pathname.split('/').pop();

  // The partner hears of each conversion once, with the visitor's click id and sub-id.
  await expect
    .poll(async () => (await postbacksFor(click)).map((q) => q.event).sort())
    .toEqual(['activation', 'first_purchase', 'purchase', 'signup']);
  for (const q of await postbacksFor(click)) {
    expect(q.s1).toBe(tag);
    if (q.event === 'purchase' || q.event === 'first_purchase') {
      expect(q.tx).toBe(transaction);
      expect(Number(q.amount)).toBeGreaterThan(0);
      expect(q.currency).toMatch(/^[A-Z]{3}$/);
    }
  }

  // A holder of the stats role finds each step of this visitor in the console.
  const analyst = await newMember(baseURL!, 'Analyst', 'female');
  await grantStats(analyst.email);
  const context = await browser.newContext({ baseURL });
  const console = await context.newPage();
  await login(console, analyst);
  await checkConsole(console, tag);
  await context.close();

  // Still one postback per event after all that time.
  expect(await postbacksFor(click)).toHaveLength(4);
});

/** The UTC day `days` before today, as the console's ranges count. */
function utcDay(daysBack: number): string {
  return new Date(Date.now() - daysBack * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The console, narrowed to this run's sub-id: the totals row counts the visitor's steps (views are
 * written in batches, so the page is loaded again until they are in), and the CSV holds its row.
 */
async function checkConsole(page: Page, tag: string): Promise<void> {
  await page.goto(`/moderation/stats?range=7d&group=sub1&sub1=${tag}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Stats' })).toBeVisible();
  const totals = page.locator('.stats-table tfoot tr .stats-count');
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('rowheader', { name: tag })).toBeVisible();
    const [views, finder, ...steps] = await totals.allTextContents();
    expect(Number(views)).toBeGreaterThanOrEqual(1);
    expect(finder).toBe('0');
    // Started, completed, activated, first purchase, premium start, first message.
    expect(steps).toEqual(['1', '1', '1', '1', '0', '0']);
  }).toPass();

  const query = `from=${utcDay(6)}&to=${utcDay(0)}&group=sub1&sub1=${tag}&format=csv`;
  const csv = await page.request.get(`/api/stats.php?${query}`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect(await csv.text()).toContain(tag);
}
