import { expect, test } from '@playwright/test';
import { DEMO, login } from './helpers';

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
