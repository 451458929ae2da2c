import { expect, type Page } from '@playwright/test';

export const DEMO = { email: 'demo@example.com', password: 'amora-demo-2026' };

/** Logs in through the login screen, as a member would. */
export async function login(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/e-?mail/i).fill(who.email);
  await page.getByLabel(/password/i).fill(who.password);
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page).not.toHaveURL(/\/login/);
}
