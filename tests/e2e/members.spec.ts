import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  DEMO2,
  goOffline,
  goOnline,
  login,
  newMember,
  waitForServiceWorker,
  type FreshMember,
} from './helpers';

async function memberPage(browser: Browser, baseURL: string, who: FreshMember): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await login(page, who);
  return page;
}

test('filters, scrolls through the pages into similar members, and opens a profile', async ({
  page,
}) => {
  await login(page, DEMO2);
  await page.goto('/members');
  const cards = page.locator('article.profile-card');
  await expect(cards.first()).toBeVisible();

  // A neighbour country: a short list, so scrolling reaches its end and the similar members.
  const country = page.getByRole('combobox', { name: 'Country', exact: true });
  await country.selectOption({ label: 'Belgium' });
  await expect(country).toHaveValue('BE');
  await expect(page.getByRole('combobox', { name: 'Region', exact: true })).toHaveValue('0');
  await expect(page.locator('.members-count')).toContainText(/\d+ members? found/);

  const similar = page.getByRole('heading', { name: 'Similar members you may like' });
  for (let i = 0; i < 25 && !(await similar.isVisible()); i++) {
    // Each scroll to the end of the list loads the next page: its cards, or the similar members.
    const shown = await cards.count();
    await page.locator('.load-more').scrollIntoViewIfNeeded();
    await expect
      .poll(async () => (await similar.isVisible()) || (await cards.count()) > shown)
      .toBe(true);
  }
  await expect(similar).toBeVisible();
  await expect(page).toHaveURL(/[?&]page=\d+/);
  // No member shows twice, however far the scrolling went.
  const hrefs = await page
    .locator('article.profile-card a.profile-card-link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(new Set(hrefs).size).toBe(hrefs.length);

  const first = page.locator('article.profile-card a.profile-card-link').first();
  const name = (await first.textContent())?.split(',')[0]?.trim() ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/members\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
});

test('a like shows its spinner, arrives as new on the other member’s likes, and is seen once opened', async ({
  browser,
  baseURL,
}) => {
  const anna = await newMember(baseURL!, 'Anna', 'female');
  const bram = await newMember(baseURL!, 'Bram', 'male');

  const annaPage = await memberPage(browser, baseURL!, anna);
  await annaPage.goto(`/members/${bram.id}`);
  await expect(annaPage.getByRole('heading', { level: 1 })).toContainText('Bram');
  const toggle = annaPage.getByRole('button', { name: 'Like Bram' });

  // A slow connection: the like request is held until its spinner has been seen, however long
  // that takes the test; the requests after it go through at once.
  let answerLike: () => void = () => undefined;
  const likeMayGo = new Promise<void>((resolve) => (answerLike = resolve));
  await annaPage.context().route('**/api/likes.php', async (route) => {
    if (route.request().method() !== 'GET') await likeMayGo;
    await route.continue();
  });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-busy', 'true');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  answerLike();
  await expect(toggle).not.toHaveAttribute('aria-busy', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(toggle).not.toHaveAttribute('aria-busy', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(toggle).not.toHaveAttribute('aria-busy', 'true');
  await annaPage.context().unrouteAll({ behavior: 'ignoreErrors' });

  const bramPage = await memberPage(browser, baseURL!, bram);
  await bramPage.goto('/likes');
  const card = bramPage.locator('article.profile-card', { hasText: 'Anna' });
  await expect(card).toBeVisible();
  await expect(card.getByText('New', { exact: true })).toBeVisible();
  // On the likes route the message and visit buttons are hidden (SPEC §2.3).
  await expect(card.getByRole('link', { name: /View the profile/ })).toHaveCount(0);
  await expect(card.getByRole('link', { name: /conversation/ })).toHaveCount(0);

  await card.getByRole('link', { name: /Anna/ }).click();
  await expect(bramPage).toHaveURL(new RegExp(`/likes/m/${anna.id}$`));
  await expect(bramPage.getByRole('heading', { level: 1 })).toContainText('Anna');
  await expect(bramPage.getByRole('link', { name: /conversation/i })).toHaveCount(0);

  await bramPage.goto('/likes');
  await expect(card).toBeVisible();
  await expect(card.getByText('New', { exact: true })).toHaveCount(0);
  await expect
    .poll(async () => {
      const res = await bramPage.request.get('/api/likes.php');
      const body = (await res.json()) as { liked_by: { id: number; like_new: boolean }[] };
      return body.liked_by.find((entry) => entry.id === anna.id)?.like_new;
    })
    .toBe(false);

  // Offline, the likes page still renders from IndexedDB.
  await waitForServiceWorker(bramPage);
  await goOffline(bramPage);
  await bramPage.reload();
  await expect(bramPage.locator('article.profile-card', { hasText: 'Anna' })).toBeVisible();
  await goOnline(bramPage);

  await annaPage.context().close();
  await bramPage.context().close();
  await anna.api.dispose();
  await bram.api.dispose();
});
