/** /moderation/stats: who gets the console, what it shows, the view in the address, offline. */
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Bridge from '../../src/bridges/worker-bridge';
import type { StatsRequest } from '../../src/bridges/worker-bridge';
import { getDb } from '../../src/db/db';
import type { StatsResponse } from '../../src/shared/contract/stats';
import { demoUser } from './helpers/fixtures';
import { setupI18n } from './helpers/i18n';
import { renderApp } from './helpers/render-app';
import { statsAnswer } from './helpers/stats-fixtures';

const worker = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../../src/bridges/worker-bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof Bridge>()),
  getSync: () => worker.current,
  useSync: () => worker.current,
}));
// happy-dom draws no canvas: the chart module is the one part left out here.
vi.mock('../../src/features/stats/chart/time-chart-plot', () => ({
  drawTimeChart: () => ({ resize: () => undefined, destroy: () => undefined }),
}));

/** The worker's stats call as a spy; any other call never settles (it is not under test). */
function statsWorker(answer: (request: StatsRequest) => Promise<StatsResponse>) {
  const calls = { loadStats: vi.fn(answer) };
  const never = () => new Promise<never>(() => undefined);
  worker.current = new Proxy(calls, {
    get: (target, key) =>
      key === 'then' ? undefined : (target[key as keyof typeof calls] ?? never),
  });
  return calls;
}

const holder = () => demoUser({ stats: true });
const setOnline = (online: boolean) =>
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

beforeAll(() => setupI18n());
afterEach(async () => {
  cleanup();
  setOnline(true);
  vi.useRealTimers();
  vi.restoreAllMocks();
  await getDb().statsAnswers.clear();
});

describe('who gets the console', () => {
  it('shows a member without the role the 404 page and asks nothing', async () => {
    const calls = statsWorker(async () => statsAnswer());
    await renderApp('/moderation/stats', { user: demoUser({ moderator: true }) });
    expect((await screen.findByTestId('error-status')).textContent).toBe('404');
    expect(calls.loadStats).not.toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: 'Stats' })).toBeNull();
  });

  it('turns into the 404 page when the server no longer knows the role', async () => {
    statsWorker(async () => {
      throw { kind: 'http', status: 404, message: 'Not found: GET /api/stats.php' };
    });
    await renderApp('/moderation/stats', { user: holder() });
    expect((await screen.findByTestId('error-status')).textContent).toBe('404');
  });
});

describe('the console', () => {
  it('shows the funnel per day with rates, totals, revenue and postback failures', async () => {
    const calls = statsWorker(async () => statsAnswer());
    await renderApp('/moderation/stats', { user: holder() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Stats' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Stats' }).getAttribute('href')).toBe(
      '/moderation/stats',
    );

    // Found by text: role queries that name every cell of a table are slow in happy-dom.
    const rowOf = (label: string) => screen.getByText(label).closest('tr') as HTMLElement;
    await screen.findByText('Funnel table · Day');
    expect(calls.loadStats.mock.calls[0]?.[0].key).toBe('range=30d');
    const day = rowOf('Wed, Dec 2');
    // 15 sign-ups started of 150 views; 10 completed of 15.
    expect(within(day).getAllByRole('cell')[2]?.textContent).toBe('1510.0%');
    expect(within(day).getAllByRole('cell')[3]?.textContent).toBe('1066.7%');
    expect(within(day).getAllByRole('cell').at(-1)?.textContent).toBe('€39.98£12.99');
    const total = rowOf('Total');
    expect(within(total).getAllByRole('cell')[0]?.textContent).toBe('220');
    // The day without any views has no rate: a dash, not a division by zero.
    expect(rowOf('Thu, Dec 3').textContent).toContain('–');

    expect(screen.getByText('EUR').closest('li')?.textContent).toBe(
      'EUREuroGross€39.982 paymentsRefunds€0.000 refundsNet€39.98',
    );
    expect(screen.getByText('HTTP 503')).toBeTruthy();
    expect(screen.getByText('Given up', { selector: '.badge' })).toBeTruthy();
    expect(screen.getByText(/^As of /)).toBeTruthy();

    const csv = screen.getByText('Download CSV').closest('a') as HTMLAnchorElement;
    expect(csv.getAttribute('href')).toBe(
      '/api/stats.php?from=2026-12-01&to=2026-12-03&group=day&format=csv',
    );
  });

  it('keeps the view in the address and asks again for it', async () => {
    const calls = statsWorker(async (request) => statsAnswer({ group: request.query.group }));
    const { router } = await renderApp('/moderation/stats?range=7d', { user: holder() });
    // Found by label and text: role queries over a whole table are slow in happy-dom.
    const group = await screen.findByLabelText('Group by');
    act(() => {
      fireEvent.change(group, { target: { value: 'country' } });
    });
    await waitFor(() => expect(router.state.location.search).toBe('?range=7d&group=country'));
    fireEvent.change(screen.getByLabelText('Country'), {
      target: { value: 'v:' },
    });
    await waitFor(() =>
      expect(router.state.location.search).toBe('?range=7d&group=country&country='),
    );
    await waitFor(() =>
      expect(calls.loadStats.mock.calls.at(-1)?.[0]).toMatchObject({
        key: 'range=7d&group=country&country=',
        query: { group: 'country', country: '' },
      }),
    );
    // The country list offers the values of the range, the unset one in words.
    const options = (screen.getByLabelText('Country') as HTMLSelectElement).options;
    expect([...options].map((o) => o.textContent)).toEqual([
      'Any',
      'Netherlands',
      'Germany',
      '(not set)',
    ]);
    fireEvent.click(screen.getByText('Last 90 days'));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?range=90d&group=country&country='),
    );
  });

  it('keeps both of two changes made before the address has caught up with the first', async () => {
    statsWorker(async () => statsAnswer());
    const { router } = await renderApp('/moderation/stats', { user: holder() });
    const group = await screen.findByLabelText('Group by');
    const network = screen.getByLabelText('Traffic network');
    // The answer names the networks to choose from: a value the list lacks yet would not stick.
    await waitFor(() => expect(network.querySelector('option[value="v:adnet"]')).not.toBeNull());
    fireEvent.change(group, { target: { value: 'network' } });
    fireEvent.change(network, { target: { value: 'v:adnet' } });
    await waitFor(() =>
      expect(router.state.location.search).toBe('?range=30d&group=network&network=adnet'),
    );
  });

  it('says why a range is refused and asks nothing for it', async () => {
    const calls = statsWorker(async () => statsAnswer());
    await renderApp('/moderation/stats?from=2026-12-03&to=2026-12-01', { user: holder() });
    expect(
      await screen.findByText(
        'The start date is after the end date. Choose an earlier start or a later end.',
      ),
    ).toBeTruthy();
    expect(calls.loadStats).not.toHaveBeenCalled();
  });

  it('opens offline on the stored answer of the last visit, saying so', async () => {
    await getDb().statsAnswers.put({
      key: 'range=30d',
      answer: statsAnswer(),
      fetchedAt: Date.parse('2026-12-03T10:00:00Z'),
    });
    setOnline(false);
    const calls = statsWorker(async () => statsAnswer());
    await renderApp('/moderation/stats', { user: holder() });
    expect(await screen.findByText(/figures of your last visit/)).toBeTruthy();
    expect(screen.getByText('You are offline')).toBeTruthy();
    expect(screen.getByText('Wed, Dec 2').closest('tr')?.textContent).toContain('1510.0%');
    expect(screen.getByText(/^As of Dec 3, 2026/)).toBeTruthy();
    expect(calls.loadStats).not.toHaveBeenCalled();
    // The CSV is made here from the stored answer: no link to a server out of reach.
    expect(screen.getByText('Download CSV').closest('button')).toBeTruthy();
    expect(screen.getByText('Download CSV').closest('a')).toBeNull();
  });

  it('says so offline when this view was never loaded here', async () => {
    setOnline(false);
    statsWorker(async () => statsAnswer());
    await renderApp('/moderation/stats?range=7d', { user: holder() });
    expect(await screen.findByText(/has not been loaded on this device yet/)).toBeTruthy();
  });
});
