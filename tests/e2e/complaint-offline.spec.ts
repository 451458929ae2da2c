import { expect, test } from '@playwright/test';
import { goOffline, goOnline, login, newMember, reloadUnderServiceWorker } from './helpers';
import { mailsTo } from './support/mail';

test('a member’s complaint written offline is saved, then sent once when back online', async ({
  page,
  baseURL,
}, testInfo) => {
  const member = await newMember(baseURL!, 'Frida', 'female');
  await login(page, member);
  await page.goto('/complaints');
  await reloadUnderServiceWorker(page);
  await expect(page.getByRole('heading', { name: 'Report a problem' })).toBeVisible();

  await goOffline(page);
  await page.getByLabel('What is it about?').selectOption('abuse');
  await page.getByLabel('What happened?').fill('Written on a train without signal.');
  await page.getByRole('button', { name: 'Send complaint' }).click();
  await expect(page.getByText('Saved — it will be sent when you are back online')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('complaint-queued.png') });

  await goOnline(page);
  const reference = page.getByTestId('complaint-reference');
  await expect(reference).toHaveText(/^CP-\d{6}$/);
  const text = (await reference.textContent())!;
  await expect
    .poll(() => mailsTo(member.email).filter((m) => m.subject.includes(text)).length)
    .toBe(1);
  await member.api.dispose();
});
