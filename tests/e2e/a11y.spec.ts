import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, login } from './helpers';

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

async function violations(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return result.violations.map((v) => `${path}: ${v.id} (${v.nodes.length}) ${v.help}`);
}

test('public screens have no axe violations on a phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const found: string[] = [];
  for (const path of PUBLIC_SCREENS) found.push(...(await violations(page, path)));
  expect(found).toEqual([]);
  await context.close();
});

test('member screens have no axe violations on a desktop', async ({ page }) => {
  test.setTimeout(180_000); // fourteen screens, each loaded until the network is quiet
  await login(page, DEMO);
  const found: string[] = [];
  for (const path of MEMBER_SCREENS) found.push(...(await violations(page, path)));
  expect(found).toEqual([]);
});
