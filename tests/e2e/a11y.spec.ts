import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { appTookOver, DEMO, login } from './helpers';

const PUBLIC_SCREENS = [
  '/',
  '/login',
  '/pages/terms',
  '/pages/faq',
  '/no-such-page',
  '/_dev/dialogs',
  '/premium',
  '/pricing',
];
// Member 2 is the second demo login (Sam): his profile, and the conversation with him.
const MEMBER_SCREENS = [
  '/members',
  '/',
  '/no-such-page',
  '/likes',
  '/likes/given',
  '/members/2',
  '/chats',
  '/members/2/chat',
  '/notifications',
  '/credits',
  '/credits/3/ideal',
  '/credits/repeat-order',
  '/premium',
  '/profile',
];

// The acquisition pages (issue 14) in English and Dutch; member 2 is Sam, shown on landers.
const LANDER_SCREENS = [
  '/landers/video/eng',
  '/landers/gallery/she-nl',
  '/landers/maplanding/eng',
  '/landers/alonetonight/nl',
  '/landers/iconslanding/eng',
  '/landers/socialnetwork/nl',
  '/landers/collagelanding/eng',
  '/landers/transitionsvideolanding/nl',
  '/members/2/signup',
  '/members/2/landing2/nl',
  '/members/2/landing3/eng',
  '/match-finder',
  '/signup-matches',
];

// The pages a visitor sees as the server sends them, before any script runs (src/prerender).
const PRERENDERED_SCREENS = [
  '/',
  '/login',
  '/signup',
  '/pages/terms',
  '/match-finder',
  '/landers/video/eng',
  '/landers/gallery/nl',
  '/landers/maplanding/de',
  '/landers/alonetonight/it',
  '/landers/iconslanding/fr',
  '/landers/socialnetwork/es',
  '/landers/collagelanding/pl',
  '/landers/transitionsvideolanding/eng',
  '/members/2/signup',
  '/members/2/landing3/nl',
];

/** axe's findings on the page as it stands, one line each. */
async function axeFindings(page: Page, path: string): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return result.violations.map((v) => `${path}: ${v.id} (${v.nodes.length}) ${v.help}`);
}

async function violations(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await appTookOver(page);
  await page.waitForLoadState('networkidle');
  // A lander's sign-up form loads once the visitor nears it and uses the page: check it too.
  const join = page.locator('#join');
  if (await join.count()) {
    await join.scrollIntoViewIfNeeded();
    await page.keyboard.press('Shift');
    await expect(join.locator('input[type="password"]')).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  return axeFindings(page, path);
}

test('public screens have no axe violations on a phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const found: string[] = [];
  for (const path of PUBLIC_SCREENS) found.push(...(await violations(page, path)));
  expect(found).toEqual([]);
  await context.close();
});

test('landers have no axe violations on a phone and a desktop', async ({ browser }) => {
  // 26 page loads, each until the network is quiet: far more than any other test loads.
  test.setTimeout(300_000);
  const found: string[] = [];
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    for (const path of LANDER_SCREENS) found.push(...(await violations(page, path)));
    await context.close();
  }
  expect(found).toEqual([]);
});

test('prerendered pages have no axe violations before the app arrives', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  // The app's code never arrives (a slow phone's first seconds): the server's copy is all there is.
  // Scripts stay on for axe itself, which a page without JavaScript could not run.
  await context.route('**/assets/*.js', (route) => route.abort());
  const page = await context.newPage();
  const found: string[] = [];
  for (const path of PRERENDERED_SCREENS) {
    await page.goto(path);
    await expect(page.locator('#prerendered')).toHaveCount(1); // the server's copy, not the shell
    found.push(...(await axeFindings(page, path)));
  }
  expect(found).toEqual([]);
  await context.close();
});

test('member screens have no axe violations on a desktop', async ({ page }) => {
  await login(page, DEMO);
  const found: string[] = [];
  for (const path of MEMBER_SCREENS) found.push(...(await violations(page, path)));
  expect(found).toEqual([]);
});
