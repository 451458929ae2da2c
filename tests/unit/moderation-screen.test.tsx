/** /moderation: who gets the console, what the queue shows, and its one-click actions. */
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Bridge from '../../src/bridges/worker-bridge';
import { demoUser } from './helpers/fixtures';
import { setupI18n } from './helpers/i18n';
import { queue } from './helpers/moderation-fixtures';
import { consoleWorker } from './helpers/moderation-worker';
import { renderApp } from './helpers/render-app';

const worker = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../../src/bridges/worker-bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof Bridge>()),
  getSync: () => worker.current,
  useSync: () => worker.current,
}));

const moderator = () =>
  demoUser({ moderator: true, profile: { ...demoUser().profile, name: 'Mia' } });

async function start(
  path: string,
  user = moderator(),
  answers: Parameters<typeof consoleWorker>[0] = {},
  next?: string[],
) {
  const { calls, remote } = consoleWorker(answers);
  worker.current = remote;
  const app = await renderApp(path, { user, next });
  return { calls, app };
}

const setOnline = (online: boolean) =>
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

async function notFoundPage() {
  const status = await screen.findByTestId('error-status');
  expect(status.textContent).toBe('404');
}

beforeAll(() => setupI18n());
afterEach(() => {
  cleanup();
  setOnline(true);
  vi.restoreAllMocks();
});

describe('who gets the console', () => {
  it('shows a member who is not a moderator the 404 page and asks the server nothing', async () => {
    const { calls } = await start('/moderation', demoUser());
    await notFoundPage();
    expect(screen.getByText('/moderation')).toBeTruthy();
    expect(calls.moderationQueue).not.toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: 'Moderation' })).toBeNull();
  });

  it('gives the member view the same 404, and a bad member id is a 404 for anyone', async () => {
    const member = await start('/moderation/members/22', demoUser());
    await notFoundPage();
    expect(member.calls.moderatedMember).not.toHaveBeenCalled();
    cleanup();
    const bad = await start('/moderation/members/abc');
    await notFoundPage();
    expect(bad.calls.moderatedMember).not.toHaveBeenCalled();
  });

  it('sends a visitor to log in, coming back to the console', async () => {
    const { app, calls } = await start('/moderation/members/22', null as never, {}, ['/login']);
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
    expect(app.router.state.location.search).toBe('?redirect=%2Fmoderation%2Fmembers%2F22');
    expect(calls.moderatedMember).not.toHaveBeenCalled();
  });

  it('shows a moderator the queue and a Moderation link in the navigation', async () => {
    await start('/moderation');
    expect(await screen.findByRole('heading', { level: 1, name: 'Moderation' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Moderation' });
    expect(link.getAttribute('href')).toBe('/moderation');
  });

  it('turns into the 404 page when the server no longer knows the moderator', async () => {
    const { calls } = await start('/moderation');
    calls.moderationQueue.mockRejectedValueOnce({
      kind: 'http',
      status: 404,
      message: 'Not found: GET /api/moderation.php',
    });
    await notFoundPage();
  });
});

describe('the queue', () => {
  it('lists reports and complaints in the server’s order (oldest first) with what a moderator needs', async () => {
    await start('/moderation');
    const list = within(
      (await screen.findByRole('heading', { name: /Reports and complaints/ }))
        .parentElement as HTMLElement,
    );
    const cards = list.getAllByRole('article');
    expect(cards).toHaveLength(2);
    const [chatReport, complaint] = cards.map((c) => within(c));

    // A member's chat report: reason in words, who reported whom, the text, the member view link.
    expect(chatReport!.getByRole('heading', { level: 3 }).textContent).toBe(
      'Harassment or threats',
    );
    expect(chatReport!.getByText('Member report')).toBeTruthy();
    expect(chatReport!.getByRole('link', { name: 'Alex' }).getAttribute('href')).toBe(
      '/moderation/members/21',
    );
    expect(chatReport!.getByRole('link', { name: 'Sam' }).getAttribute('href')).toBe(
      '/moderation/members/22',
    );
    expect(chatReport!.getByText('He keeps insulting me.')).toBeTruthy();
    expect(chatReport!.getByRole('link', { name: 'Review Sam' })).toBeTruthy();
    expect(cards[0]!.querySelector('time')?.getAttribute('datetime')).toBe(
      '2026-11-20T10:00:00.000Z',
    );

    // A visitor's complaint: its reference, category, reply address and screenshot.
    expect(complaint!.getByText('CP-000012')).toBeTruthy();
    expect(complaint!.getByRole('heading', { level: 3 }).textContent).toBe(
      'Photo used without consent',
    );
    expect(complaint!.getByText('From').nextElementSibling?.textContent).toBe(
      'A visitor · visitor@example.net',
    );
    expect(complaint!.getByRole('link', { name: 'visitor@example.net' }).getAttribute('href')).toBe(
      'mailto:visitor@example.net',
    );
    const thumb = complaint!.getByRole('img', { name: 'Screenshot sent with CP-000012' });
    expect(thumb.getAttribute('src')).toBe('/api/moderation_screenshot.php?complaint=12');

    expect(screen.getByText('2 open reports')).toBeTruthy();
    expect(screen.getByText('1 photo to review')).toBeTruthy();
  });

  it('opens a screenshot in full size', async () => {
    await start('/moderation');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Open the screenshot of CP-000012' }),
    );
    const dialog = await screen.findByRole('dialog');
    const full = within(dialog).getByRole('img', { name: 'Screenshot sent with CP-000012' });
    expect(full.getAttribute('src')).toBe('/api/moderation_screenshot.php?complaint=12');
  });

  it('dismisses a report in one click and loads the queue again', async () => {
    const { calls } = await start('/moderation');
    const buttons = await screen.findAllByRole('button', { name: 'Dismiss' });
    calls.moderationQueue.mockResolvedValueOnce(queue({ reports: queue().reports.slice(1) }));
    fireEvent.click(buttons[0]!);
    await waitFor(() =>
      expect(calls.moderate).toHaveBeenCalledWith({ action: 'dismiss', member: 22, complaint: 11 }),
    );
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(calls.moderationQueue).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('The report is closed.')).toBeTruthy();
  });

  it('approves or hides a waiting photo', async () => {
    const { calls } = await start('/moderation');
    const photos = within(
      (await screen.findByRole('heading', { name: /Photos waiting for review/ }))
        .parentElement as HTMLElement,
    );
    expect(photos.getByRole('img', { name: 'Photo 401 of Noor' }).getAttribute('src')).toBe(
      '/uploads/t401.jpg',
    );
    expect(photos.getByText('Waiting for review')).toBeTruthy();
    fireEvent.click(photos.getByRole('button', { name: 'Hide photo 401 of Noor' }));
    await waitFor(() =>
      expect(calls.moderate).toHaveBeenCalledWith({ action: 'hide_photo', member: 24, image: 401 }),
    );
    fireEvent.click(photos.getByRole('button', { name: 'Approve photo 401 of Noor' }));
    await waitFor(() =>
      expect(calls.moderate).toHaveBeenLastCalledWith({
        action: 'approve_photo',
        member: 24,
        image: 401,
      }),
    );
  });

  it('says when there is nothing to do', async () => {
    await start('/moderation', moderator(), { queue: { reports: [], pending_photos: [] } });
    expect(await screen.findByRole('heading', { name: 'All clear' })).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('says it only works online instead of failing, and loads once the connection is back', async () => {
    setOnline(false);
    const { calls } = await start('/moderation');
    expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeTruthy();
    expect(screen.getByText(/only works online/)).toBeTruthy();
    expect(calls.moderationQueue).not.toHaveBeenCalled();
    setOnline(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: 'You are offline' })).toBeNull();
  });

  it('shows a failed load with a way to try again', async () => {
    const { calls } = await start('/moderation');
    calls.moderationQueue.mockRejectedValueOnce({ kind: 'http', status: 500, message: 'Boom' });
    const text = await screen.findByText('That did not work. Please try again.');
    const alert = text.closest('[role="alert"]') as HTMLElement;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('article')).toHaveLength(2);
  });
});
