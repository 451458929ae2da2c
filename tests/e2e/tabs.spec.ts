import { expect, test, type Page, type Request } from '@playwright/test';
import { login, newMember } from './helpers';

test('two open tabs share one stream to the server, and both show what it brings', async ({
  browser,
  baseURL,
}) => {
  const member = await newMember(baseURL!, 'Tessa', 'female');
  const fan = await newMember(baseURL!, 'Fenna', 'female');
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
  // The login page's worker ends with its page, and its stream with it.
  const loginStreams = [...streams];
  await first.goto('/likes');
  const second = await context.newPage();
  await second.goto('/likes');
  for (const page of [first, second]) {
    await expect(page.getByRole('heading', { level: 1, name: 'Likes' })).toBeVisible();
  }
  // Both tabs settled: both workers joined the election, one leads and the other waits behind
  // it, and the streams of the login page are closed. Only the leader's worker polls and listens.
  await expect.poll(() => leaderLock(first)).toEqual({ held: 1, pending: 1 });
  await expect.poll(() => loginStreams.filter((stream) => streams.has(stream)).length).toBe(0);
  await expect.poll(() => streams.size).toBe(1);
  const pollsBefore = userPolls.length;

  const like = await fan.api.post('/api/likes.php', { data: { profile: member.id } });
  expect(like.status()).toBe(200);
  for (const page of [first, second]) {
    const card = page.locator('article.profile-card', { hasText: 'Fenna' });
    await expect(card).toBeVisible();
    await expect(card.getByText('New', { exact: true })).toBeVisible();
  }
  expect(streams.size).toBe(1);
  // The live event, not a poll of each tab, brought the like: at most the leader's recheck ran.
  expect(userPolls.length - pollsBefore).toBeLessThanOrEqual(1);

  await context.close();
  await member.api.dispose();
  await fan.api.dispose();
});

/** Who holds and who waits for the sync workers' leader lock (workers/leader.ts). */
function leaderLock(page: Page): Promise<{ held: number; pending: number }> {
  return page.evaluate(async () => {
    type Lock = { name?: string };
    const { locks } = (
      globalThis as unknown as {
        navigator: { locks: { query(): Promise<{ held?: Lock[]; pending?: Lock[] }> } };
      }
    ).navigator;
    const state = await locks.query();
    const leader = (list: Lock[] = []) => list.filter((lock) => lock.name === 'amora-leader');
    return { held: leader(state.held).length, pending: leader(state.pending).length };
  });
}
