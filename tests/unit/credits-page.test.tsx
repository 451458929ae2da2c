/** /credits, its checkout and repeat order over the real route table and the sync worker. */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreditsOffer } from '../../src/shared/contract/payments';
import type * as Bridge from '../../src/bridges/worker-bridge';
import { getDb } from '../../src/db/db';
import { freshDbForNextTest } from './helpers/db-per-test';
import { creditPackage, creditsOffer, installPayments } from './helpers/fake-payments';
import { demoUser } from './helpers/fixtures';
import { setupI18n } from './helpers/i18n';
import { renderApp } from './helpers/render-app';
import { createHarness } from './helpers/sync-harness';

vi.mock('../../src/db/db', async (importOriginal) =>
  (await import('./helpers/db-per-test')).dbModulePerTest(importOriginal),
);

type Harness = ReturnType<typeof createHarness>;
const worker = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../../src/bridges/worker-bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof Bridge>()),
  getSync: () => worker.current,
  useSync: () => worker.current,
}));

let current: Harness | undefined;

async function start(offer: CreditsOffer = creditsOffer(), credits = 3) {
  const h = createHarness({ db: getDb() });
  current = h;
  worker.current = h.api;
  h.backend.user = demoUser({ credits });
  await h.api.refreshUser();
  const payments = installPayments(h.backend, offer);
  return { h, payments };
}

const open = (path: string, credits = 3) => renderApp(path, { user: demoUser({ credits }) });

beforeAll(() => setupI18n());
beforeEach(freshDbForNextTest);
afterEach(() => {
  cleanup();
  current?.sync.stop();
  vi.restoreAllMocks();
});

describe('/credits', () => {
  it('shows the balance, the cost of a message and the packages priced in euros', async () => {
    await start();
    await open('/credits');
    const list = await screen.findByRole('list', { name: 'Choose a package' });
    expect(screen.getByRole('heading', { level: 1, name: 'Buy credits' })).toBeTruthy();
    expect(screen.getByText('3 credits')).toBeTruthy();
    expect(screen.getByText('A message costs 1 credit')).toBeTruthy();
    expect(screen.getByText('Prices for Netherlands')).toBeTruthy();
    const cards = within(list).getAllByRole('link');
    expect(cards).toHaveLength(4);
    expect(cards.map((card) => card.getAttribute('href'))).toEqual([
      '/credits/1/card',
      '/credits/2/card',
      '/credits/3/card',
      '/credits/4/card',
    ]);
    const third = within(cards[2] as HTMLElement);
    expect(third.getByText('Most chosen')).toBeTruthy();
    expect(third.getByText('€39.99')).toBeTruthy();
    expect(third.getByText('€0.80 per credit')).toBeTruthy();
    expect(third.getByText('Save 20%')).toBeTruthy();
    expect(within(cards[0] as HTMLElement).queryByText('Most chosen')).toBeNull();
    expect(screen.getByText(/Prices include 21% VAT/)).toBeTruthy();
  });

  it('lets the member choose a method of their country, and keeps the return path', async () => {
    await start();
    await open('/credits?return=%2Fchats%2F1');
    fireEvent.click(await screen.findByRole('radio', { name: 'iDEAL' }));
    const links = within(screen.getByRole('list', { name: 'Choose a package' })).getAllByRole(
      'link',
    );
    expect(links[2]?.getAttribute('href')).toBe('/credits/3/ideal?return=%2Fchats%2F1');
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual([
      'card',
      'ideal',
    ]);
  });

  it('strikes the list price under the welcome discount and counts the time bonus down', async () => {
    const endsAt = new Date(Date.now() + 26 * 3600_000).toISOString();
    await start(
      creditsOffer({
        discount: { code: 'WELCOME20', percentage: 20 },
        time_bonus: { percentage: 20, ends_at: endsAt },
        packages: [
          creditPackage(1, 10, 799, { list_price: { amount: 999, currency: 'EUR' } }),
          creditPackage(3, 50, 3199, {
            bonus_credits: 10,
            list_price: { amount: 3999, currency: 'EUR' },
            most_chosen: true,
          }),
        ],
      }),
    );
    await open('/credits');
    expect(await screen.findByText('20% welcome discount')).toBeTruthy();
    const cards = within(screen.getByRole('list', { name: 'Choose a package' })).getAllByRole(
      'link',
    );
    const second = within(cards[1] as HTMLElement);
    expect(second.getByText('€39.99').closest('s')).toBeTruthy();
    expect(second.getByText('€31.99')).toBeTruthy();
    expect(second.getByText('−20% welcome discount')).toBeTruthy();
    expect(second.getByText('+10 bonus credits')).toBeTruthy();
    expect(screen.getByText('+20% bonus credits')).toBeTruthy();
    const timer = screen.getByRole('timer');
    expect(timer.getAttribute('datetime')).toBe(endsAt);
    expect(timer.textContent).toMatch(/^1 day 1:59:\d\d$/);
  });

  it('explains credits owed after a refund', async () => {
    await start(creditsOffer({ debt: 5 }));
    await open('/credits');
    expect(
      await screen.findByText(/You still owe 5 credits from a refunded purchase/),
    ).toBeTruthy();
  });

  it('shows the stored offer offline with a note that prices may have changed', async () => {
    const { h } = await start();
    await h.api.loadCreditsOffer();
    h.backend.override('GET /api/credits.php', 'network-error');
    await open('/credits');
    expect(await screen.findByText(/You are offline\. These are the prices of/)).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Choose a package' })).getAllByRole('link'),
    ).toHaveLength(4);
  });
});

describe('/credits/{creditId}/{paymentMethod}', () => {
  it('summarises the package, preselects the method and pays with the return path', async () => {
    const { h } = await start();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    await open('/credits/3/ideal?return=%2Fchats%2F1');
    expect(await screen.findByRole('heading', { name: '50 credits' })).toBeTruthy();
    expect(screen.getByText('incl. 21% VAT')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'iDEAL' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Pay €39.99 with iDEAL' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/demo.php?id=42'));
    expect(h.backend.last('POST /api/transactions.php')?.body).toEqual({
      product: 'credits',
      package: 3,
      method: 'ideal',
      return_to: '/chats/1',
    });
  });

  it('falls back to an offered method with a notice, and says why paying failed', async () => {
    const { h } = await start();
    await open('/credits/2/blik');
    expect(
      await screen.findByText(
        'That payment method is not available in your country, so we selected Card.',
      ),
    ).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Card' }) as HTMLInputElement).checked).toBe(true);
    h.backend.override('POST /api/transactions.php', 'network-error');
    fireEvent.click(screen.getByRole('button', { name: 'Pay €22.49 with Card' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You seem to be offline. Check your connection and try again.',
    );
    expect(h.backend.last('POST /api/transactions.php')?.body).toMatchObject({
      method: 'card',
      return_to: '/chats',
    });
  });

  it('says when the package does not exist', async () => {
    await start();
    await open('/credits/9/card');
    expect(await screen.findByText(/This package is not available/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the packages' }).getAttribute('href')).toBe(
      '/credits',
    );
  });
});

describe('/credits/repeat-order', () => {
  it('offers the last package with the last method in one tap', async () => {
    const { h } = await start(creditsOffer({ last_order: { package: 2, method: 'ideal' } }));
    vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    await open('/credits/repeat-order');
    expect(await screen.findByRole('heading', { name: '25 credits' })).toBeTruthy();
    expect(screen.getByText('You pay with iDEAL.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay €22.49 with iDEAL' }));
    await waitFor(() =>
      expect(h.backend.last('POST /api/transactions.php')?.body).toMatchObject({
        package: 2,
        method: 'ideal',
      }),
    );
  });

  it('without a last order says so and links to the packages', async () => {
    await start();
    await open('/credits/repeat-order');
    expect(
      await screen.findByText('You have not bought credits before. Choose your first package.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the packages' }).getAttribute('href')).toBe(
      '/credits',
    );
  });
});
