import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { buyCredits, login, newMember, type FreshMember } from './helpers';

const run = promisify(execFile);

/** The first moderator comes from the documented command, on the server's own database. */
async function grantModerator(email: string): Promise<void> {
  // The server of the end-to-end run keeps SQLite in E2E_DATA_DIR, whatever this shell points at.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const env = { ...inherited, DATA_DIR: process.env.E2E_DATA_DIR };
  const { stdout } = await run(
    'npm',
    ['run', '--silent', 'admin', '--', 'grant-moderator', email],
    {
      env,
    },
  );
  expect(stdout).toContain('is now a moderator');
}

/** A browser of its own, logged in through the login screen. */
async function memberPage(browser: Browser, baseURL: string, who: FreshMember): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await login(page, who);
  return page;
}

async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return result.violations.map((v) => `${page.url()}: ${v.id} (${v.nodes.length}) ${v.help}`);
}

test('a chat report reaches the console with the messages, and a ban ends the sender’s open tab', async ({
  browser,
  baseURL,
}) => {
  const lena = await newMember(baseURL!, 'Lena', 'female');
  const bram = await newMember(baseURL!, 'Bram', 'male');
  const mod = await newMember(baseURL!, 'Mirjam', 'female');
  await Promise.all([buyCredits(lena.api), buyCredits(bram.api)]);
  await grantModerator(mod.email);

  // Bram's own tab stays open on his chats the whole time.
  const bramPage = await memberPage(browser, baseURL!, bram);
  await bramPage.goto('/chats');
  await expect(bramPage.getByRole('heading', { level: 1 })).toBeVisible();

  // Lena writes to Bram; Bram answers rudely.
  const lenaPage = await memberPage(browser, baseURL!, lena);
  await lenaPage.goto(`/members/${bram.id}/chat`);
  await expect(lenaPage).toHaveURL(/\/chats\/\d+$/);
  const conversation = Number(/\/chats\/(\d+)$/.exec(lenaPage.url())?.[1]);
  const box = lenaPage.getByRole('textbox', { name: /^Message to / });
  await box.fill('Hi Bram, nice to meet you!');
  await box.press('Enter');
  await expect(box).toHaveValue('');
  const rude = `Give me your number or else ${randomUUID().slice(0, 6)}`;
  const sent = await bram.api.post('/api/chat.php', {
    data: { conversation, message: rude, client_id: randomUUID() },
  });
  expect(sent.status()).toBe(200);
  await expect(lenaPage.getByText(rude, { exact: true })).toBeVisible();

  // She reports him from the conversation's menu.
  await lenaPage.getByRole('button', { name: 'More actions' }).click();
  await lenaPage.getByRole('button', { name: 'Report' }).click();
  const dialog = lenaPage.getByRole('dialog');
  await dialog.getByLabel('Reason').selectOption('harassment');
  const what = `He threatens me when I say no (${randomUUID().slice(0, 6)}).`;
  await dialog.getByLabel('What happened? (optional)').fill(what);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(
    lenaPage.getByText('Thank you. Our moderators will look at your report.'),
  ).toBeVisible();

  // The moderator finds it in the queue through the navigation.
  const modPage = await memberPage(browser, baseURL!, mod);
  await modPage.goto('/members');
  await modPage.getByRole('link', { name: 'Moderation' }).click();
  await expect(modPage).toHaveURL(/\/moderation$/);
  const card = modPage.getByRole('article').filter({ hasText: what });
  await expect(card).toBeVisible();
  await expect(card.getByRole('heading', { level: 3 })).toHaveText('Harassment or threats');
  await expect(card.getByRole('link', { name: 'Lena' })).toBeVisible();
  expect(await axeViolations(modPage)).toEqual([]);

  // Its member view shows the conversation with Bram's message marked.
  await card.getByRole('link', { name: 'Review Bram' }).click();
  await expect(modPage).toHaveURL(new RegExp(`/moderation/members/${bram.id}$`));
  await expect(modPage.getByRole('heading', { level: 1, name: 'Bram' })).toBeVisible();
  const reported = modPage
    .locator('.moderation-chat-message.is-reported')
    .filter({ hasText: rude });
  await expect(reported).toBeVisible();
  await expect(reported.getByText('Reported member')).toBeVisible();
  await expect(
    modPage.locator('.moderation-chat-message.is-reporter').filter({
      hasText: 'Hi Bram, nice to meet you!',
    }),
  ).toBeVisible();
  expect(await axeViolations(modPage)).toEqual([]);

  // Ban, with a reason, confirmed once more.
  const reason = `Threatening messages to other members (${randomUUID().slice(0, 6)}).`;
  await modPage.getByRole('button', { name: 'Ban', exact: true }).click();
  const ban = modPage.getByRole('dialog');
  await ban.getByRole('button', { name: 'Ban', exact: true }).click();
  await expect(ban.getByText('Please give a reason: the member reads it.')).toBeVisible();
  await ban.getByLabel('Reason (the member reads it)').fill(reason);
  await ban.getByRole('button', { name: 'Ban', exact: true }).click();
  await expect(ban.getByText('Ban Bram now?')).toBeVisible();
  expect(await axeViolations(modPage)).toEqual([]);
  await ban.getByRole('button', { name: 'Yes, ban now' }).click();
  await expect(modPage.getByRole('dialog')).toBeHidden();
  await expect(modPage.getByText('Bram is banned and logged out everywhere.')).toBeVisible();
  await expect(modPage.locator('.moderation-status.is-banned')).toHaveText('Banned');
  const log = modPage.locator('.moderation-audit-entry').first();
  await expect(log).toContainText('Banned');
  await expect(log).toContainText(`by ${mod.name}`);
  await expect(log).toContainText(reason);
  await expect(modPage.getByRole('button', { name: 'Lift ban' })).toBeVisible();

  // Bram's open tab lands on the ban page with the reason, without him doing anything, and his
  // session is over on the server.
  await expect(bramPage).toHaveURL(/\/pages\/ban$/);
  await expect(bramPage.getByText(reason)).toBeVisible();
  expect((await bramPage.request.get('/api/user.php')).status()).toBe(403);
});

test('the console is a 404 page for a member who is not a moderator, and so is its API', async ({
  page,
  baseURL,
}) => {
  const member = await newMember(baseURL!, 'Noor', 'female');
  await login(page, member);
  await page.goto('/moderation');
  await expect(page.getByTestId('error-status')).toHaveText('404');
  await expect(page.getByRole('link', { name: 'Moderation' })).toHaveCount(0);
  expect((await member.api.get('/api/moderation.php')).status()).toBe(404);
});
