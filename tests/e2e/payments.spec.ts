import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { newMember } from './helpers';
import { mailsTo } from './support/mail';

/** A fresh address per run: sign-ups are for good. */
const freshEmail = (name: string) =>
  `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.net`;

const PASSWORD = 'amber-orchard-compass-2026';

async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return result.violations.map((v) => `${page.url()}: ${v.id} (${v.nodes.length}) ${v.help}`);
}

/** How often the server holds `text` in the conversation, asked with the receiver's session. */
async function copiesOnServer(page: Page, conversation: number, text: string): Promise<number> {
  const res = await page.request.get(`/api/chat.php?conversation=${conversation}&read=0`);
  expect(res.status()).toBe(200);
  const { msg } = (await res.json()) as { msg: { msg: string }[] };
  return msg.filter((m) => m.msg === text).length;
}

test.describe('buying credits on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a new member is told to buy credits in a chat, pays, and the kept message arrives once', async ({
    page,
    browser,
    baseURL,
  }) => {
    const noor = await newMember(baseURL!, 'Noor', 'female');

    // Sign up as a visitor would; the new account has no credits.
    const email = freshEmail('ravi');
    await page.goto('/signup');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Name').fill('Ravi');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.locator('[data-step="0"]')).toBeHidden();

    // Write to Noor: the message is refused for credits and kept, and the packages are offered.
    await page.goto(`/members/${noor.id}/chat`);
    await expect(page).toHaveURL(/\/chats\/\d+$/);
    const chatPath = new URL(page.url()).pathname;
    const conversation = Number(chatPath.split('/').pop());
    const text = `Hello Noor, I liked your profile ${Date.now().toString(36)}`;
    const box = page.getByRole('textbox', { name: /^Message to / });
    await box.fill(text);
    await box.press('Enter');
    const panel = page.getByRole('region', { name: 'Out of credits.' });
    await expect(panel).toContainText('A message costs 2 credits.');
    await expect(panel).toContainText('Your message is kept');
    await expect(page.locator('.chat-bubble').filter({ hasText: text })).toHaveCount(1);

    // The most chosen package, paid through the demo checkout.
    await panel.getByRole('link', { name: /50 credits/ }).click();
    await expect(page).toHaveURL(/\/credits\/3\/\w+\?return=/);
    await expect(page.getByRole('heading', { name: 'Your order' })).toBeVisible();
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/api\/payments\/demo\.php\?session=/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Paid' }).click();

    // The receipt: paid, with its figures, and the way back to the conversation.
    await expect(page).toHaveURL(/\/transactions\/\d+$/);
    const transactionId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
    const receipt = page.getByRole('region', { name: 'Receipt' });
    await expect(receipt).toContainText('Amora Online B.V.');
    await expect(receipt).toContainText('VAT number: NL864512379B01');
    await expect(receipt).toContainText(/50 credits\s*\(\+10 bonus\)/);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Back to your conversation' }).click();
    await expect(page).toHaveURL(new RegExp(`${chatPath}$`));

    // The kept message goes out by itself, once, and Noor sees it once.
    await expect(panel).toBeHidden();
    const noorPage = await (await browser.newContext({ baseURL })).newPage();
    await noorPage.context().addCookies((await noor.api.storageState()).cookies);
    await expect.poll(() => copiesOnServer(noorPage, conversation, text)).toBe(1);
    await noorPage.goto(`/chats/${conversation}`);
    await expect(noorPage.getByText(text, { exact: true })).toHaveCount(1);
    expect(await copiesOnServer(noorPage, conversation, text)).toBe(1);

    // 50 credits and the new-member bonus of 10, less one message of 2: all through the ledger.
    await expect
      .poll(async () => {
        const res = await page.request.get('/api/user.php');
        return ((await res.json()) as { user: { credits: number } }).user.credits;
      })
      .toBe(58);
    const ledger = (await (await page.request.get('/api/ledger.php')).json()) as {
      entries: { delta: number; reason: string; transaction: number | null }[];
    };
    expect(ledger.entries.map((e) => [e.reason, e.delta]).sort()).toEqual(
      [
        ['bonus', 10],
        ['message', -2],
        ['purchase', 50],
      ].sort(),
    );
    expect(ledger.entries.find((e) => e.reason === 'purchase')?.transaction).toBe(transactionId);
    await expect.poll(() => mailsTo(email).some((m) => /receipt/i.test(m.subject))).toBe(true);

    await noorPage.context().close();
    await noor.api.dispose();
  });
});

test('the credits page speaks Dutch and prices in euros the Dutch way', async ({
  page,
  baseURL,
}) => {
  const nl = JSON.parse(readFileSync('locales/nl/messages.json', 'utf8')) as {
    credits: { title: string; packages_title: string };
  };
  const member = await newMember(baseURL!, 'Femke', 'female');
  await page
    .context()
    .addCookies([
      ...(await member.api.storageState()).cookies,
      { name: 'i18n_redirected', value: 'nl', url: baseURL! },
    ]);
  await page.goto('/credits');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl.credits.title);
  await expect(page.getByRole('heading', { name: nl.credits.packages_title })).toBeVisible();
  // 50 credits at €39.99 with the 20 % welcome discount of a first purchase: €31.99.
  const most = page.getByRole('link', { name: /50 credits/ });
  await expect(most).toContainText(/€\s31,99/);
  await expect(most).toContainText(/€\s39,99/);
  await expect(most).toContainText('welkomstkorting');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl-NL');
  expect(await axeViolations(page)).toEqual([]);
  await member.api.dispose();
});
