import { describe, expect, it, vi } from 'vitest';
import { ACTION_HEADER, QUEUED_HEADER } from '../../src/shared/offline-protocol';
import { routeActions, type PageFetch } from '../../workers/page-transport';

const direct = vi.fn(async () => new Response('{"direct":true}', { status: 200 }));

describe('actions of a worker the service worker does not control', () => {
  it('go through the page, with headers and body, and come back as a Response', async () => {
    const page: PageFetch = vi.fn(async () => ({
      status: 202,
      headers: { [QUEUED_HEADER]: '1', 'content-type': 'application/json' },
      body: '{"queued":true}',
    }));
    const fetcher = routeActions(direct, () => page);
    const response = await fetcher('https://amora.test/api/likes.php', {
      method: 'POST',
      headers: { [ACTION_HEADER]: '1', 'content-type': 'application/json' },
      body: '{"profile":5}',
    });
    expect(page).toHaveBeenCalledWith({
      url: 'https://amora.test/api/likes.php',
      method: 'POST',
      headers: { [ACTION_HEADER]: '1', 'content-type': 'application/json' },
      body: '{"profile":5}',
    });
    expect(response.status).toBe(202);
    expect(response.headers.get(QUEUED_HEADER)).toBe('1');
    expect(await response.json()).toEqual({ queued: true });
    expect(direct).not.toHaveBeenCalled();
  });

  it('leave other requests, and every request of a controlled worker, on the direct path', async () => {
    const page: PageFetch = vi.fn();
    await routeActions(direct, () => page)('https://amora.test/api/user.php', { method: 'GET' });
    await routeActions(direct, () => null)('https://amora.test/api/likes.php', {
      method: 'POST',
      headers: { [ACTION_HEADER]: '1' },
    });
    expect(page).not.toHaveBeenCalled();
    expect(direct).toHaveBeenCalledTimes(2);
  });

  it('fail like a fetch when the page has no network', async () => {
    const page: PageFetch = () => Promise.reject(new TypeError('Failed to fetch'));
    const fetcher = routeActions(direct, () => page);
    await expect(
      fetcher('https://amora.test/api/chat.php', {
        method: 'POST',
        headers: { [ACTION_HEADER]: '1' },
      }),
    ).rejects.toThrow('Failed to fetch');
  });
});
