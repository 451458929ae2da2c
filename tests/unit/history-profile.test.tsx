/** The own profile's premium status and credit history: rows, purchases, paging, debt, failures. */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '../../src/shared/contract/account';
import type { LedgerEntry, LedgerResponse } from '../../src/shared/contract/payments';
import type * as Bridge from '../../src/bridges/worker-bridge';
import { transaction } from './helpers/fake-payments';
import { demoSettings, demoUser } from './helpers/fixtures';
import { setupI18n } from './helpers/i18n';
import { renderApp } from './helpers/render-app';

const worker = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../../src/bridges/worker-bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof Bridge>()),
  getSync: () => worker.current,
  useSync: () => worker.current,
}));

const eur = (amount: number) => ({ amount, currency: 'EUR' });

function entry(id: number, delta: number, reason: LedgerEntry['reason'], tx: number | null = null) {
  return { id, delta, reason, transaction: tx, created_at: '2026-11-25T10:00:00.000Z' };
}

function page(n: number, overrides: Partial<LedgerResponse> = {}): LedgerResponse {
  return {
    entries: [],
    transactions: [],
    page: n,
    has_more: false,
    balance: 59,
    debt: 0,
    ...overrides,
  };
}

const FIRST = page(1, {
  entries: [
    entry(30, -1, 'message'),
    entry(29, 10, 'premium_allowance', 43),
    entry(28, 50, 'purchase', 42),
  ],
  transactions: [
    transaction({ id: 42, status: 'paid', amount: eur(3999) }),
    transaction({ id: 43, product: 'premium', credits: 0, months: 3, status: 'paid' }),
  ],
  has_more: true,
});
const SECOND = page(2, {
  // Row 28 moved onto page 2 because a new row arrived meanwhile: it must not show twice.
  entries: [entry(28, 50, 'purchase', 42), entry(27, -10, 'dev_reset')],
  transactions: [transaction({ id: 42, status: 'paid', amount: eur(3999) })],
  has_more: false,
});

async function start(user: User = demoUser(), pages: LedgerResponse[] = [FIRST, SECOND]) {
  const calls = {
    loadLedger: vi.fn(async (n = 1) => pages[n - 1] ?? page(n)),
    loadPremiumOffer: vi.fn(async () => ({
      country: 'NL',
      currency: 'EUR',
      vat_rate_bp: 2100,
      plans: [
        {
          id: 1,
          months: 1,
          price: eur(1999),
          per_month: eur(1999),
          monthly_credits: 10,
          saving_percent: 0,
          most_chosen: true,
        },
      ],
      methods: ['card' as const],
      premium_until: user.premium_until,
    })),
  };
  const never = () => new Promise<never>(() => undefined);
  worker.current = new Proxy(calls, {
    get: (target, key) =>
      key === 'then' ? undefined : (target[key as keyof typeof calls] ?? never),
  });
  await renderApp('/profile', { user, settings: demoSettings() });
  return calls;
}

async function section(name: string) {
  return within(await screen.findByRole('region', { name }));
}

/** The rows of the history list (the list after the "History" heading), once they are there. */
async function rows() {
  const card = await section('Credits and payments');
  await card.findByText('Purchase');
  const list = card.getByRole('heading', { name: 'History' }).nextElementSibling as HTMLElement;
  return within(list).getAllByRole('listitem');
}

beforeAll(() => setupI18n());
afterEach(() => cleanup());

describe('profile: credits and payments', () => {
  it('lists the history newest first with what, how much and the purchase behind it', async () => {
    await start();
    const items = await rows();
    expect(items.map((li) => li.querySelector('.ledger-title')?.textContent)).toEqual([
      'Message sent',
      'Monthly Premium credits',
      'Purchase',
    ]);
    expect(items[0]?.querySelector('.ledger-delta')?.textContent).toMatch(/^-1\s*credit$/);
    expect(items[1]?.querySelector('.ledger-delta')?.textContent).toMatch(/^\+10\s*credits$/);
    const purchase = within(items[2] as HTMLElement);
    expect(purchase.getByRole('link', { name: 'Purchase' }).getAttribute('href')).toBe(
      '/transactions/42',
    );
    expect(items[2]?.textContent).toContain('50 credits, €39.99');
    expect(purchase.getByText('Paid')).toBeTruthy();
    // A row without a purchase is not a link.
    expect(within(items[0] as HTMLElement).queryByRole('link')).toBeNull();
  });

  it('shows the balance of the newest answer and a way to buy credits', async () => {
    await start(demoUser({ credits: 10 }));
    const card = await section('Credits and payments');
    expect(await card.findByText('59 credits')).toBeTruthy();
    expect(card.getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/credits');
  });

  it('loads the next page on "Show more", each row once, until there are no more', async () => {
    const calls = await start();
    await rows();
    const card = await section('Credits and payments');
    fireEvent.click(card.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(calls.loadLedger).toHaveBeenCalledWith(2));
    await card.findByText('Reset by developer tools');
    const titles = [...card.getAllByRole('listitem')].map(
      (li) => li.querySelector('.ledger-title')?.textContent,
    );
    expect(titles).toEqual([
      'Message sent',
      'Monthly Premium credits',
      'Purchase',
      'Reset by developer tools',
    ]);
    expect(card.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('explains credits still owed after a refund', async () => {
    await start(demoUser(), [
      page(1, { debt: 5, balance: 0, entries: [entry(1, -50, 'refund', 42)] }),
    ]);
    const card = await section('Credits and payments');
    expect(await card.findByText('You owe 5 credits')).toBeTruthy();
    expect(card.getByText(/taken from your next purchase or Premium month/)).toBeTruthy();
    expect(card.getByText('Refund')).toBeTruthy();
  });

  it('lists purchases that are not finished yet above the history', async () => {
    await start(demoUser(), [
      page(1, {
        transactions: [transaction({ id: 50, status: 'pending', amount: eur(999), credits: 10 })],
      }),
    ]);
    const card = await section('Credits and payments');
    expect(await card.findByRole('heading', { name: 'Not finished yet' })).toBeTruthy();
    expect(card.getByRole('link', { name: '10 credits' }).getAttribute('href')).toBe(
      '/transactions/50',
    );
    expect(card.getByText('Pending')).toBeTruthy();
    expect(card.getByText(/Nothing here yet/)).toBeTruthy();
  });

  it('says when the history cannot be loaded and loads it on retry', async () => {
    const calls = await start();
    calls.loadLedger.mockRejectedValueOnce({ kind: 'http', status: 500, message: 'Boom' });
    const card = await section('Credits and payments');
    expect((await card.findByRole('alert')).textContent).toContain(
      'Your history could not be loaded.',
    );
    fireEvent.click(card.getByRole('button', { name: 'Try again' }));
    expect(await card.findByText('Purchase')).toBeTruthy();
  });
});

describe('profile: premium', () => {
  it('shows until when premium runs and the monthly credits', async () => {
    await start(demoUser({ premium_until: '2099-03-04T12:00:00.000Z', paid_user: true }));
    const card = await section('Premium');
    expect(card.getByText('You have Premium until March 4, 2099')).toBeTruthy();
    expect(
      await card.findByText(
        'At the start of every Premium month, 10 credits are added to your balance.',
      ),
    ).toBeTruthy();
    expect(card.getByRole('link', { name: 'Extend Premium' }).getAttribute('href')).toBe(
      '/premium',
    );
  });

  it('without premium, links to the premium page', async () => {
    await start();
    const card = await section('Premium');
    expect(card.getByText('You do not have Premium')).toBeTruthy();
    expect(card.getByRole('link', { name: 'See Premium' }).getAttribute('href')).toBe('/premium');
  });
});
