import { expect, test } from '@playwright/test';
import { waitForServiceWorker } from './helpers';

test('Chromium finds the app installable: manifest, icons and a service worker', async ({
  page,
}) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // Test contexts are incognito profiles, where Chromium never offers an install; nothing else may fail.
  const problems = installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito');
  expect(problems).toEqual([]);
  const { url, errors } = await cdp.send('Page.getAppManifest');
  expect(url).toMatch(/\/manifest\.webmanifest$/);
  expect(errors).toEqual([]);
});
