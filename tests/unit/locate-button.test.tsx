/** "Use my location": stored place first, else position → worker geocode → filters; messages. */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Bridge from '../../src/bridges/worker-bridge';
import { getDb } from '../../src/db/db';
import { freshDbForNextTest } from './helpers/db-per-test';
import { kvGet, kvPut } from '../../src/db/kv';
import { LocateButton } from '../../src/features/members/LocateButton';
import { demoSettings } from './helpers/fixtures';
import { setupI18n } from './helpers/i18n';
import { createHarness } from './helpers/sync-harness';

vi.mock('../../src/db/db', async (importOriginal) =>
  (await import('./helpers/db-per-test')).dbModulePerTest(importOriginal),
);

const worker = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../../src/bridges/worker-bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof Bridge>()),
  getSync: () => worker.current,
}));

const UTRECHT = { country: 'NL', countryregion: 1, city: 'Utrecht' };
type PositionCall = [PositionCallback, PositionErrorCallback, PositionOptions];

let harness: ReturnType<typeof createHarness>;
const calls: PositionCall[] = [];
const getCurrentPosition = vi.fn((...args: PositionCall) => void calls.push(args));

function show() {
  const onApply = vi.fn();
  render(<LocateButton settings={demoSettings()} onApply={onApply} />);
  fireEvent.click(screen.getByRole('button', { name: 'Use my location' }));
  return onApply;
}
const position = (latitude: number, longitude: number) =>
  ({ coords: { latitude, longitude } }) as GeolocationPosition;

beforeAll(() => setupI18n());
beforeEach(() => {
  freshDbForNextTest();
  harness = createHarness({ db: getDb() });
  worker.current = harness.api;
  calls.length = 0;
  getCurrentPosition.mockClear();
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition },
  });
});
afterEach(() => {
  cleanup();
  harness.sync.stop();
  vi.restoreAllMocks();
});

describe('LocateButton', () => {
  it('applies a stored place without asking the browser again', async () => {
    await kvPut(getDb(), 'geocode', UTRECHT);
    const onApply = show();
    await waitFor(() => expect(onApply).toHaveBeenCalledWith({ country: 'NL', countryregion: 1 }));
    expect(getCurrentPosition).not.toHaveBeenCalled();
  });

  it('asks for a position up to an hour old, geocodes it through the worker and applies it', async () => {
    harness.backend.override('GET /api/geocode.php', { body: UTRECHT });
    const onApply = show();
    await waitFor(() => expect(calls).toHaveLength(1));
    const [success, , options] = calls[0] as PositionCall;
    expect(options.maximumAge).toBe(3_600_000);
    expect(screen.getByRole('status').textContent).toBe('Finding your location…');
    success(position(52.09, 5.12));
    await waitFor(() => expect(onApply).toHaveBeenCalledWith({ country: 'NL', countryregion: 1 }));
    expect(harness.backend.last('GET /api/geocode.php')?.query.get('lat')).toBe('52.09');
    expect(await kvGet(getDb(), 'geocode')).toEqual(UTRECHT);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says so when the location permission is denied', async () => {
    const onApply = show();
    await waitFor(() => expect(calls).toHaveLength(1));
    const [, failure] = calls[0] as PositionCall;
    failure({ code: 1, message: 'denied' } as GeolocationPositionError);
    await screen.findByText(/Location access is blocked/);
    expect(onApply).not.toHaveBeenCalled();
  });

  it('flags the location error when the region is not among the options', async () => {
    await kvPut(getDb(), 'geocode', { country: 'NL', countryregion: 7, city: 'Amsterdam' });
    const onApply = show();
    await screen.findByText(
      'Your region could not be matched, so all regions are shown (Netherlands).',
    );
    expect(onApply).toHaveBeenCalledWith({ country: 'NL', countryregion: 0 });
  });

  it('keeps a country the site does not serve out of the filters', async () => {
    await kvPut(getDb(), 'geocode', { country: 'LU', countryregion: 0, city: 'Luxembourg' });
    const onApply = show();
    await screen.findByText(/no members in your country yet \(Luxembourg\)/);
    expect(onApply).not.toHaveBeenCalled();
  });

  it('only logs a geocode failure and stores null (SPEC §8)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    harness.backend.override('GET /api/geocode.php', 'network-error');
    const onApply = show();
    await waitFor(() => expect(calls).toHaveLength(1));
    (calls[0] as PositionCall)[0](position(30, -40));
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Geocode failed', expect.anything()));
    expect(await kvGet(getDb(), 'geocode')).toBeNull();
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('tells a browser without geolocation', async () => {
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: undefined });
    show();
    await screen.findByText('This browser cannot share your location.');
  });
});
