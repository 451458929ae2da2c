/** /premium and /pricing: plans from the offer, and what a visitor, a member and a premium member see. */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '../../src/shared/contract/account';
import type { PremiumOffer } from '../../src/shared/contract/payments';
import type * as Bridge from '../../src/bridges/worker-bridge';
import { transaction } from './helpers/fake-payments';
import { demoUser } from './helpers/fixtures';
import { setupI18n } from './helpers/i18n';
import { renderApp } from './helpers/render-app';

const worker = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../../src/bridges/worker-bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof Bridge>()),
  getSync: () => worker.current,
  useSync: () => worker.current,
}));

const eur = (amount: number) => ({ amount, currency: 'EUR' });

function offer(overrides: Partial<PremiumOffer> = {}): PremiumOffer {
  return {
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
        most_chosen: false,
      },
      {
        id: 3,
        months: 3,
        price: eur(4499),
        per_month: eur(1500),
        monthly_credits: 10,
        saving_percent: 25,
        most_chosen: true,
      },
      {
        id: 12,
        months: 12,
        price: eur(11999),
        per_month: eur(1000),
        monthly_credits: 10,
        saving_percent: 50,
        most_chosen: false,
      },
    ],
    methods: ['card', 'ideal'],
    premium_until: null,
    ...overrides,
  };
}

async function start(path: string, user: User | null, answer: PremiumOffer = offer()) {
  const calls = {
    loadPremiumOffer: vi.fn(async () => answer),
    buyPremium: vi.fn(async (plan: number, method: string) => ({
      transaction: transaction({ id: 77, product: 'premium', package: plan, months: 3 }),
      checkout_url: `https://checkout.example/s/77?method=${method}`,
    })),
  };
  const never = () => new Promise<never>(() => undefined);
  worker.current = new Proxy(calls, {
    get: (target, key) =>
      key === 'then' ? undefined : (target[key as keyof typeof calls] ?? never),
  });
  const app = await renderApp(path, { user });
  return { calls, app };
}

async function plans() {
  return within(await screen.findByRole('radiogroup'));
}

beforeAll(() => setupI18n());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('premium page: the plans', () => {
  it('shows each plan with its price per month, one payment, saving and the most chosen mark', async () => {
    await start('/premium', null);
    const group = await plans();
    const radios = group.getAllByRole('radio');
    expect(radios).toHaveLength(3);
    const three = group.getByLabelText(/3 months/) as HTMLInputElement;
    // The most chosen plan starts selected.
    expect(three.checked).toBe(true);
    const card = three.closest('label') as HTMLElement;
    expect(card.textContent).toContain('€15.00');
    expect(card.textContent).toContain('One payment of €44.99');
    expect(card.textContent).toContain('Save 25%');
    expect(card.textContent).toContain('Most chosen');
    expect(card.textContent).toContain('+10 credits every month');
    const one = group.getByLabelText(/1 month/).closest('label') as HTMLElement;
    expect(one.textContent).not.toContain('Save');
    expect(one.textContent).not.toContain('Most chosen');
  });

  it('says what premium gives, with the monthly credits from the plans', async () => {
    await start('/premium', null);
    await plans();
    expect(screen.getByText('No ads')).toBeTruthy();
    expect(screen.getByText('See everyone who liked you, not just the newest 3.')).toBeTruthy();
    expect(screen.getByText('10 credits every month')).toBeTruthy();
    expect(screen.getByText(/Prices for Netherlands, including 21% VAT\./)).toBeTruthy();
  });

  it('formats prices in the visitor’s currency from minor units', async () => {
    await start('/premium', null, {
      ...offer(),
      currency: 'PLN',
      country: 'PL',
      vat_rate_bp: 2300,
      plans: [
        {
          id: 1,
          months: 1,
          price: { amount: 8499, currency: 'PLN' },
          per_month: { amount: 8499, currency: 'PLN' },
          monthly_credits: 10,
          saving_percent: 0,
          most_chosen: true,
        },
      ],
    });
    const group = await plans();
    expect(group.getByLabelText(/1 month/).closest('label')?.textContent).toMatch(/PLN\s84\.99/);
  });
});

describe('premium page: who sees what', () => {
  it('asks a visitor to sign up or log in, and the login comes back here', async () => {
    const { calls } = await start('/premium', null);
    await plans();
    const signup = await screen.findByRole('link', { name: 'Sign up for free' });
    expect(signup.getAttribute('href')).toBe('/signup');
    const login = screen.getByRole('link', { name: 'Log in to get Premium' });
    expect(login.getAttribute('href')).toBe('/login?redirect=%2Fpremium');
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(calls.buyPremium).not.toHaveBeenCalled();
  });

  it('lets a member pick a plan and a method and sends them to the checkout', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { calls } = await start('/premium', demoUser());
    const group = await plans();
    fireEvent.click(group.getByLabelText(/12 months/));
    fireEvent.click(await screen.findByLabelText('iDEAL'));
    const pay = screen.getByRole('button', { name: 'Pay €119.99' });
    fireEvent.click(pay);
    await waitFor(() => expect(calls.buyPremium).toHaveBeenCalledWith(12, 'ideal'));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://checkout.example/s/77?method=ideal'),
    );
  });

  it('shows why a purchase did not start and lets the member try again', async () => {
    const { calls } = await start('/premium', demoUser());
    calls.buyPremium.mockRejectedValueOnce({ kind: 'http', status: 500, message: 'Boom' });
    await plans();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay €44.99' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The payment could not be started. Please try again.',
    );
    expect((screen.getByRole('button', { name: 'Pay €44.99' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('tells a premium member until when it runs and offers to extend', async () => {
    await start(
      '/premium',
      demoUser({ premium_until: '2099-03-04T12:00:00.000Z', paid_user: true }),
    );
    await plans();
    expect(screen.getByText('You have Premium until March 4, 2099')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Extend your Premium' })).toBeTruthy();
    expect(screen.getByText(/added after your current Premium ends on March 4, 2099/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay €44.99' })).toBeTruthy();
  });

  it('says when premium has run out', async () => {
    await start('/premium', demoUser({ premium_until: '2020-01-02T12:00:00.000Z' }));
    await plans();
    expect(screen.getByText('Your Premium ended on January 2, 2020')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Choose your plan' })).toBeTruthy();
  });

  it('/pricing is the same page with the credit packages for members', async () => {
    await start('/pricing', demoUser());
    await plans();
    expect(screen.getByRole('heading', { level: 1, name: 'Pricing' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See credit packages' }).getAttribute('href')).toBe(
      '/credits',
    );
  });

  it('offers a retry when the plans cannot be loaded and none are stored', async () => {
    const { calls } = await start('/premium', null);
    calls.loadPremiumOffer.mockRejectedValueOnce({ kind: 'network', message: 'offline' });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fireEvent.click(retry);
    await plans();
    expect(calls.loadPremiumOffer).toHaveBeenCalledTimes(2);
  });
});
