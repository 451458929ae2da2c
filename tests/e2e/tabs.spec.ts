import { expect, request, test, type Request } from '@playwright/test';
import { login } from './helpers';

const PASSWORD = 'copper-meadow-signal-2026';

/** A fresh member through the API; returns a request context logged in as them. */
async function newMember(baseURL: string, name: string) {
  const api = await request.newContext({ baseURL });
  const email = `${name.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
  const res = await api.post('/api/user.php?new=1', { data: { email, name, password: PASSWORD } });
  expect(res.status()).toBe(200);
  const { user } = (await res.json()) as { user: { id: number } };
  await api.put('/api/user.php', {
    data: { profile: { gender: 'female', date_of_birth: '1991-03-02', country: 'NL' } },
  });
  return { id: user.id, name, email, password: PASSWORD, api };
}

test('two open tabs share one stream to the server, and both show what it brings', async ({
  browser,
  baseURL,
}) => {
  const member = await newMember(baseURL!, 'Tessa');
  const fan = await newMember(baseURL!, 'Fenna');
  const context = await browser.newContext({ baseURL });
  // Event streams open right now: a page load ends its tab's worker and so its stream.
  const streams = new Set<Request>();
  const userPolls: string[] = [];
  context.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    if (path === '/api/events.php') streams.add(req);
    if (path === '/api/user.php' && req.method() === 'GET') userPolls.push(req.url());
  });
  context.on('requestfinished', (req) => streams.delete(req));
  context.on('requestfailed', (req) => streams.delete(req));

  const first = await context.newPage();
  await login(first, member);
  await first.goto('/likes');
  const second = await context.newPage();
  await second.goto('/likes');
  for (const page of [first, second]) {
    await expect(page.getByRole('heading', { level: 1, name: 'Likes' })).toBeVisible();
  }
  // Let both tabs settle: only the leader's worker polls and listens.
  await first.waitForTimeout(3000);
  expect(streams.size).toBe(1);
  const pollsBefore = userPolls.length;

  const like = await fan.api.post('/api/likes.php', { data: { profile: member.id } });
  expect(like.status()).toBe(200);
  for (const page of [first, second]) {
    const card = page.locator('article.profile-card', { hasText: 'Fenna' });
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(card.getByText('New', { exact: true })).toBeVisible();
  }
  expect(streams.size).toBe(1);
  // The live event, not a poll of each tab, brought the like: at most the leader's recheck ran.
  expect(userPolls.length - pollsBefore).toBeLessThanOrEqual(1);

  await context.close();
  await member.api.dispose();
  await fan.api.dispose();
});
