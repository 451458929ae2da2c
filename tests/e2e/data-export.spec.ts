import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { login, newMember } from './helpers';
import { waitForMailLink } from './support/mail';

test('a member downloads a copy of their data from /profile and it opens', async ({
  page,
  baseURL,
}, testInfo) => {
  const member = await newMember(baseURL!, 'Edda', 'female');
  await login(page, member);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Your data' });
  await section.getByRole('button', { name: 'Download a copy of my data' }).click();

  const link = section.getByRole('link', { name: /^Download \(ZIP, / });
  await expect(link).toBeVisible();
  await expect(section.getByText(/The download works until/)).toBeVisible();
  await expect(
    section.getByText('We also sent a download link to your e-mail address.'),
  ).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('#profile-data').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await section.screenshot({ path: testInfo.outputPath('data-export-ready.png') });

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^amora-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = unzipSync(new Uint8Array(readFileSync(await download.path())));
  const profile = JSON.parse(strFromU8(zip['profile.json']!)) as {
    account: { email: string };
    profile: { name: string };
  };
  expect(profile.profile.name).toBe('Edda');
  expect(profile.account.email).toBe(member.email);
  expect(Object.keys(zip)).toContain('messages.json');

  // The mailed link works without a session.
  const mailed = await waitForMailLink(member.email, '/api/export_download.php');
  const byLink = await member.api.get(new URL(mailed).pathname + new URL(mailed).search);
  expect(byLink.status()).toBe(200);
  expect(byLink.headers()['content-type']).toBe('application/zip');
  await member.api.dispose();
});
