import { expect, test } from '@playwright/test';
import { DEMO, holdRequests, login } from './helpers';

test('home renders the landing page for a visitor', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /sign up for free/i }).first()).toBeVisible();
  await expect(page.locator('.route-index.is-index.is-logged-out')).toHaveCount(1);
});

test('login with the demo account opens the members area', async ({ page }) => {
  await login(page, DEMO);
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.locator('.is-logged-in')).toHaveCount(1);
  await expect(page.getByRole('article').first()).toBeVisible();
});

test('wrong password is refused with a clear message and the form keeps the e-mail', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel(/e-?mail/i).fill(DEMO.email);
  await page.getByLabel(/password/i).fill('not-the-password');
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page.getByRole('alert')).toContainText(/do not match/i);
  await expect(page.getByLabel(/e-?mail/i)).toHaveValue(DEMO.email);
});

test('a login-required route sends a visitor to /login and back after logging in', async ({
  page,
}) => {
  await page.goto('/notifications');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel(/e-?mail/i).fill(DEMO.email);
  await page.getByLabel(/password/i).fill(DEMO.password);
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page).toHaveURL(/\/notifications$/);
});

test('an unknown path shows the 404 page with the path', async ({ page }) => {
  const response = await page.goto('/no-such-page/here');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Error' })).toBeVisible();
  await expect(page.getByText('404')).toBeVisible();
  await expect(page.getByText(/Page Not Found/)).toBeVisible();
  await expect(page.getByText('/no-such-page/here')).toBeVisible();
});

test('a route whose validity rule fails is a 404 too', async ({ page }) => {
  await page.goto('/members/not-a-number');
  await expect(page.getByText(/Page Not Found/)).toBeVisible();
});

test('a crawler does not get the error page rendered', async ({ browser }) => {
  const context = await browser.newContext({
    userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  });
  const page = await context.newPage();
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/Page Not Found/)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Error' })).toHaveCount(0);
  await context.close();
});

test("the app shell asks for its route screen's files with the entry, not after the router has", async ({
  page,
}) => {
  await login(page, DEMO);
  // The entry held back: nothing of the app runs, so no router can ask for the screen yet.
  const release = await holdRequests(page, '**/assets/index-*.js');
  let screenRequests = 0;
  page.on('request', (r) => {
    if (/\/assets\/ProfileScreen-[\w-]+\.js$/.test(r.url())) screenRequests++;
  });
  const screenAsked = page.waitForRequest(/\/assets\/ProfileScreen-[\w-]+\.js$/);
  const mapAsked = page.waitForRequest(/\/assets\/screens-[\w-]+\.js$/);
  // The page's load waits for the entry (a module script), so it is awaited after the release.
  const loaded = page.goto('/profile');
  await Promise.all([screenAsked, mapAsked]);
  release();
  await loaded;

  await expect(page.locator('.route-profile')).toHaveCount(1);
  // Asked for once: the router's own import found the module the preload had loaded.
  expect(screenRequests).toBe(1);
});
