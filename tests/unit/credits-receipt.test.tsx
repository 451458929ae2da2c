/** The receipt page /transactions/{id}: each state, the receipt lines, cancel, 404 and login. */
import 'fake-indexeddb/auto';
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Transaction } from '../../src/shared/contract/payments';
import type * as Bridge from '../../src/bridges/worker-bridge';
import { getDb } from '../../src/db/db';
import { freshDbForNextTest } from './helpers/db-per-test';
import { POLL_MS } from '../../src/features/transactions/use-transaction-poll';
import { installPayments, transaction } from './helpers/fake-payments';
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

/** A member with purchase 42 in the given state on the fake server. */
async function start(overrides: Partial<Transaction> = {}) {
  const h = createHarness({ db: getDb() });
  current = h;
  worker.current = h.api;
  h.backend.user = demoUser({ credits: 0 });
  await h.api.refreshUser();
  const payments = installPayments(h.backend);
  payments.store.set(42, transaction(overrides));
  return { h, payments };
}

const open = (path: string) => renderApp(path, { user: demoUser({ credits: 0 }) });

beforeAll(() => setupI18n());
beforeEach(freshDbForNextTest);
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  current?.sync.stop();
});

describe('receipt page', () => {
  it('waits for a pending payment, asks the provider first, and shows it paid when it is', async () => {
    const { h, payments } = await start({ status: 'pending' });
    const reads = vi.spyOn(h.api, 'loadTransaction');
    // The page's clock runs as usual, and the test can move it on at once (see the end).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    await open('/transactions/42');
    expect(await screen.findByRole('heading', { name: 'Waiting for your payment…' })).toBeTruthy();
    expect(h.backend.last('GET /api/transactions.php')?.query.get('refresh')).toBe('1');

    payments.pay(42);
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
    expect(screen.getByText('Thank you! 50 credits were added to your account.')).toBeTruthy();
    expect(document.querySelector('.transaction-balance')?.textContent).toBe(
      'Your balance now50 credits',
    );
    const back = screen.getByRole('link', { name: 'Back to your conversation' });
    expect(back.getAttribute('href')).toBe('/chats/1');
    // Final: no read is due any more, however long the page stays open.
    const asked = reads.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(reads.mock.calls.length).toBe(asked);
  });

  it('lists the receipt: reference, item with bonus, method, discount, VAT and the seller', async () => {
    await start({
      status: 'paid',
      bonus_credits: 10,
      discount_percent: 20,
      list_amount: { amount: 3999, currency: 'EUR' },
      amount: { amount: 3199, currency: 'EUR' },
      vat_amount: 555,
      paid_at: '2026-11-25T10:02:00.000Z',
      balance: 60,
      return_to: null,
    });
    await open('/transactions/42');
    const receipt = await screen.findByRole('region', { name: 'Receipt' });
    const text = receipt.textContent ?? '';
    expect(text).toContain('AM-000042');
    expect(text).toContain('50 credits (+10 bonus)');
    expect(text).toContain('iDEAL');
    expect(text).toContain('€39.99');
    expect(text).toContain('−20% (−€8.00)');
    expect(text).toContain('€31.99');
    expect(text).toContain('Included VAT (21%)€5.55');
    expect(text).toContain('November 25, 2026');
    expect(text).toContain('Amora B.V.');
    expect(text).toContain('VAT number: NL123456789B01');
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/members');
  });

  it('offers to try the same package and method again after a failure', async () => {
    await start({ status: 'failed' });
    await open('/transactions/42');
    expect(await screen.findByRole('heading', { name: 'The payment failed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(
      '/credits/3/ideal?return=%2Fchats%2F1',
    );
  });

  it('cancels an open purchase when the member comes back with ?cancelled=1', async () => {
    const { h } = await start({ status: 'pending' });
    await open('/transactions/42?cancelled=1');
    expect(await screen.findByRole('heading', { name: 'The payment was cancelled' })).toBeTruthy();
    expect(h.backend.last('PUT /api/transactions.php')?.body).toEqual({ id: 42 });
  });

  it('does not cancel a purchase that is already paid', async () => {
    const { h } = await start({ status: 'paid', balance: 50 });
    await h.api.loadTransaction(42);
    await open('/transactions/42?cancelled=1');
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
    expect(h.backend.count('PUT /api/transactions.php')).toBe(0);
  });

  it('names a premium purchase by its months', async () => {
    await start({ status: 'expired', product: 'premium', credits: 0, months: 3, package: 2 });
    await open('/transactions/42');
    expect(await screen.findByText('Premium, 3 months')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/premium');
  });

  it('shows the 404 page for a purchase that is not the member’s', async () => {
    await start();
    await open('/transactions/77');
    expect((await screen.findByTestId('error-status')).textContent).toBe('404');
  });

  it('asks a visitor to log in and come back', async () => {
    worker.current = { loadTransaction: vi.fn(), cancelTransaction: vi.fn() };
    await renderApp('/transactions/42', { user: null });
    const heading = await screen.findByRole('heading', { name: 'Log in to see this payment' });
    const link = within(heading.parentElement as HTMLElement).getByRole('link', { name: 'Log in' });
    expect(link.getAttribute('href')).toBe('/login?redirect=%2Ftransactions%2F42');
  });
});
