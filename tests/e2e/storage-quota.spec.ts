import { expect, test, type Page } from '@playwright/test';
import {
  buyCredits,
  goOffline,
  goOnline,
  login,
  newMember,
  reloadUnderServiceWorker,
  serverLikes,
} from './helpers';

// The quota is overridden through the DevTools protocol: Chromium only. By default Chromium
// reports a fixed quota to pages (StaticStorageQuota); without it, estimate() shows the override.
test.skip(({ browserName }) => browserName !== 'chromium', 'needs the DevTools protocol');
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-features=StaticStorageQuota'],
  },
});

/** How far below its usage the quota is set: less than the photos cached by then. */
const SHORTFALL_BYTES = 16 * 1024;

interface Estimate {
  usage: number;
  quota: number;
}

/** `navigator.storage.estimate()` of the page (a function, not a string: the CSP forbids eval). */
async function estimate(page: Page): Promise<Estimate> {
  return page.evaluate(async () => {
    const nav = (
      globalThis as unknown as {
        navigator: { storage: { estimate(): Promise<{ usage?: number; quota?: number }> } };
      }
    ).navigator;
    const { usage = 0, quota = 0 } = await nav.storage.estimate();
    return { usage, quota };
  });
}

const cards = (page: Page) => page.locator('article .like-toggle');

test('with a nearly full quota the app keeps working online and a queued like survives', async ({
  page,
  baseURL,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // The sync worker logs each refused write it made room for; reported, not required: small
  // writes can slip under Chromium's quota slack while the service worker's photos take the hit.
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('Storage quota reached')) refusals.push(message.text());
  });

  // A searcher and a member who wrote to her: people of their own, so no other test's lists move.
  const searcher = await newMember(baseURL!, 'Aino', 'female');
  const writer = await newMember(baseURL!, 'Eero', 'male');
  await buyCredits(writer.api, 99); // the largest package
  const started = await writer.api.get(`/api/chat.php?profile=${searcher.id}`);
  const { id: conversation } = (await started.json()) as { id: number };
  for (let i = 1; i <= 3; i++) {
    const sent = await writer.api.post('/api/chat.php', {
      data: { conversation, message: `Hello ${i}`, client_id: crypto.randomUUID() },
    });
    expect(sent.status(), `message ${i}`).toBe(200);
  }

  await login(page, searcher);
  await page.goto('/members');
  await reloadUnderServiceWorker(page);
  const filters = page.getByRole('form', { name: 'Search filters' });
  await filters.getByLabel('Looking for').selectOption({ label: 'Everyone' });
  await filters.getByLabel('Age').selectOption({ label: 'All ages' });
  // The list is cleared and reloaded for the new filters: wait until it shows members again.
  const memberLinks = () =>
    page
      .locator('article a[href^="/members/"]')
      .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href') ?? ''))]);
  // The links of the poll that passed: a second reload for the filters may empty the list again.
  let profiles: string[] = [];
  await expect.poll(async () => (profiles = await memberLinks()).length).toBeGreaterThan(1);
  const visit = async (href: string) => {
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  };
  await visit(profiles[0]!);

  // Less room than the app already holds (precache, shell, results, photos): every write from
  // here on may be refused, and makes room by dropping cached server data, the photos first.
  const before = await estimate(page);
  const quotaSize = before.usage - SHORTFALL_BYTES;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(baseURL!).origin, quotaSize });
  expect((await estimate(page)).quota).toBe(quotaSize);

  // The conversation opens with its newest messages.
  await page.goto(`/chats/${conversation}`);
  await expect(page.getByText('Hello 3')).toBeVisible();

  // Searching and member pages go on working on the full disk.
  await page.goto('/members');
  for (const age of ['18–25 years', 'All ages']) {
    await filters.getByLabel('Age').selectOption({ label: age });
    await expect(cards(page).first()).toBeVisible();
  }
  await visit(profiles[1]!);

  // A like made offline is queued; a reload offline still shows it, and it arrives once online.
  await visit(`/members/${writer.id}`);
  const like = page.locator('main .like-toggle').first();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await goOffline(page);
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await goOnline(page);
  await expect
    .poll(async () => (await serverLikes(page)).profiles.map((p) => p.id))
    .toContain(writer.id);

  const after = await estimate(page);
  test.info().annotations.push({
    type: 'storage',
    description: `quota ${quotaSize}, usage ${before.usage} → ${after.usage}, ${refusals.length} refused worker writes`,
  });
  expect(errors).toEqual([]);
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(baseURL!).origin });
});
