/**
 * A member's first screen drawn by the server (src/prerender/README.md, "Members' first screens"):
 * a device that keeps nothing of the member gets /members as HTML, usable before the app's code
 * has arrived; the app takes over the same page, a like tapped meanwhile lands once, and the next
 * load of that device is the app shell drawn from what it stored.
 */
import { expect, test } from '@playwright/test';
import { appTookOver, newMember } from './helpers';

test('a new device sees /members drawn by the server, and a like tapped before the app took over lands once', async ({
  browser,
  baseURL,
}) => {
  // Names no other test uses at the same time, so each card is found once.
  const tag = Array.from(
    { length: 5 },
    () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)],
  ).join('');
  const anna = await newMember(baseURL!, `Anna${tag}`, 'female');
  const bram = await newMember(baseURL!, `Bram${tag}`, 'male');
  // A new phone: Anna's session, nothing stored.
  const context = await browser.newContext({ baseURL });
  await context.addCookies((await anna.api.storageState()).cookies);
  const page = await context.newPage();

  // A slow connection: the app's code is held until the test lets it go, so the server's drawing
  // is all the page has.
  let letCodeGo: () => void = () => undefined;
  const codeMayGo = new Promise<void>((resolve) => (letCodeGo = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await codeMayGo;
    await route.continue();
  });
  await page.goto('/members', { waitUntil: 'domcontentloaded' });
  const drawn = page.locator('#prerendered[data-member-screen]');
  const card = drawn.locator('article.profile-card', { hasText: bram.name });
  await expect(card).toBeVisible();
  // Photos come with the drawing (Bram, new, has none: his card shows the placeholder).
  await expect(drawn.locator('article.profile-card img').first()).toHaveJSProperty(
    'complete',
    true,
  );
  await expect(page).toHaveTitle('Members · Amora');
  await card.getByRole('button', { name: `Like ${bram.name}` }).click();

  letCodeGo();
  await appTookOver(page);
  const toggle = page.getByRole('button', { name: `Like ${bram.name}` });
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(toggle).not.toHaveAttribute('aria-busy', 'true');
  await expect
    .poll(async () => {
      const likes = (await (await bram.api.get('/api/likes.php')).json()) as {
        liked_by: { id: number }[];
      };
      return likes.liked_by.filter((entry) => entry.id === anna.id).length;
    })
    .toBe(1);

  // The device keeps Anna's data now: its next load is the app shell, drawn from what it stored.
  await expect
    .poll(async () => (await context.cookies()).some((c) => c.name === 'amora_db'))
    .toBe(true);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.reload();
  await expect(page.getByRole('button', { name: `Like ${bram.name}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.locator('#prerendered')).toHaveCount(0);
  await context.close();
});
