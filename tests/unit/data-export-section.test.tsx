/** "Your data" on /profile: start, progress polled through the worker, the download link, retry. */
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DataExport } from '../../src/shared/contract/account';
import type * as Bridge from '../../src/bridges/worker-bridge';
import { EXPORT_POLL_MS } from '../../src/features/profile/use-data-export';
import { accountWorker } from './helpers/account-worker';
import { demoSettings, demoUser } from './helpers/fixtures';
import { setupI18n } from './helpers/i18n';
import { renderApp } from './helpers/render-app';

const worker = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../../src/bridges/worker-bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof Bridge>()),
  getSync: () => worker.current,
  useSync: () => worker.current,
}));

const exportOf = (over: Partial<DataExport>): DataExport => ({
  id: 5,
  status: 'queued',
  progress: 0,
  created_at: '2026-11-25T10:00:00.000Z',
  expires_at: null,
  size: null,
  ...over,
});

/** The profile page with a worker whose data export answers come from `answers`, in order. */
async function start(answers: Array<DataExport | null>, started: () => Promise<DataExport | null>) {
  const user = demoUser();
  const { calls } = accountWorker(user);
  const dataExport = vi.fn(async (): Promise<DataExport | null> =>
    answers.length > 1 ? answers.shift()! : answers[0]!,
  );
  const startDataExport = vi.fn(started);
  const all = { ...calls, dataExport, startDataExport };
  const never = () => new Promise<never>(() => undefined);
  worker.current = new Proxy(all, {
    get: (target, key) => (key === 'then' ? undefined : (target[key as keyof typeof all] ?? never)),
  });
  await renderApp('/profile', { user, settings: demoSettings() });
  return { dataExport, startDataExport };
}

const section = async () => within(await screen.findByRole('region', { name: 'Your data' }));

beforeAll(() => setupI18n());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('own profile: your data', () => {
  it('starts an export, shows its progress while polling, then the download link', async () => {
    // The page's clock runs as usual, and the test can move it on at once (see the end).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const { dataExport, startDataExport } = await start(
      [
        null, // the first answer, before the member asked: none yet
        exportOf({ status: 'running', progress: 60 }),
        exportOf({
          status: 'ready',
          progress: 100,
          expires_at: '2026-11-27T10:00:00.000Z',
          size: 2_500_000,
        }),
      ],
      async () => exportOf({}),
    );
    const card = await section();
    fireEvent.click(await card.findByRole('button', { name: 'Download a copy of my data' }));
    expect(startDataExport).toHaveBeenCalledTimes(1);
    const bar = await card.findByRole('progressbar', { name: 'Your copy is waiting to be made…' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');

    const running = await card.findByRole('progressbar', { name: 'Making your copy: 60%' });
    expect(running.getAttribute('aria-valuenow')).toBe('60');

    const link = await card.findByRole('link', { name: 'Download (ZIP, 2.5 MB)' });
    expect(link.getAttribute('href')).toBe('/api/export.php?download=5');
    expect(link.hasAttribute('download')).toBe(true);
    expect(card.getByText(/The download works until November 27, 2026/)).toBeTruthy();
    expect(card.getByText('We also sent a download link to your e-mail address.')).toBeTruthy();
    expect(card.queryByRole('progressbar')).toBeNull();
    // Ready: no question is due any more, however long the page stays open.
    const asked = dataExport.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(EXPORT_POLL_MS));
    expect(dataExport.mock.calls.length).toBe(asked);
  });

  it('offers a retry after a failed export and explains the daily limit', async () => {
    const { startDataExport } = await start([exportOf({ status: 'failed' })], async () => {
      throw {
        kind: 'http',
        status: 429,
        key: 'data_export.errors.too_many',
        message: 'At most 3 a day',
      };
    });
    const card = await section();
    expect(await card.findByText('Your copy could not be made.')).toBeTruthy();
    fireEvent.click(card.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(startDataExport).toHaveBeenCalledTimes(1));
    expect((await card.findByRole('alert')).textContent).toBe(
      'You asked for a copy of your data three times today. Please try again tomorrow.',
    );
  });
});
