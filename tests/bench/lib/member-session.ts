/** Driving the app as the demo member in playwright-core, the way tests/e2e does it. */
import type { Page } from 'playwright-core';

/** Reused from tests/e2e, so the bench logs in and goes offline exactly as the tests do. */
import { DEMO } from '../../e2e/helpers';
export { DEMO, goOffline, uncachedPhotos, waitForServiceWorker } from '../../e2e/helpers';

/** The demo member's session cookie (`name=value`) from a login call, for load and API calls. */
export async function demoCookie(url: string): Promise<string> {
  const res = await fetch(`${url}/api/login.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!res.ok || !cookie) throw new Error(`demo login failed: ${res.status}`);
  return cookie;
}

/** Logs in through the login screen; `expect` from @playwright/test is not available outside it. */
export async function loginAs(
  page: Page,
  baseUrl: string,
  who: { email: string; password: string },
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel(/e-?mail/i).fill(who.email);
  await page.getByLabel(/password/i).fill(who.password);
  await page.getByRole('button', { name: /log in/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
}

/** The like buttons of the member list: the list has rendered when the first is visible. */
export async function waitForMemberList(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: /^Like / })
    .first()
    .waitFor({ state: 'visible', timeout: 30_000 });
}
