/** The sync worker's premium calls: the offer kept in kv, ledger pages, starting a premium purchase. */
import { waitFor } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import type { LedgerResponse, PremiumOffer } from '../../src/shared/contract/payments';
import { kvGet, kvPut } from '../../src/db/kv';
import { wipePersonalData } from '../../src/db/wipe';
import { transaction } from './helpers/fake-payments';
import { demoUser } from './helpers/fixtures';
import { createHarness } from './helpers/sync-harness';

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
    ],
    methods: ['card', 'ideal'],
    premium_until: null,
    ...overrides,
  };
}

function ledgerPage(page: number, overrides: Partial<LedgerResponse> = {}): LedgerResponse {
  return {
    entries: [
      {
        id: 100 - page,
        delta: 50,
        reason: 'purchase',
        transaction: 42,
        created_at: '2026-11-25T10:00:00.000Z',
      },
    ],
    transactions: [transaction({ status: 'paid' })],
    page,
    has_more: page < 2,
    balance: 50,
    debt: 0,
    ...overrides,
  };
}

async function member() {
  const h = createHarness();
  h.backend.user = demoUser();
  await h.api.refreshUser();
  return h;
}

describe('premium offer', () => {
  it('answers the parsed offer and keeps it in kv for the next (offline) visit', async () => {
    const h = await member();
    h.backend.override('GET /api/premium.php', {
      body: offer({ premium_until: '2027-01-01T00:00:00.000Z' }),
    });
    const loaded = await h.api.loadPremiumOffer();
    expect(loaded.premium_until).toBe('2027-01-01T00:00:00.000Z');
    expect(await kvGet(h.db, 'premiumOffer')).toEqual(loaded);
  });

  it('rejects an off-contract answer as a validation error and stores nothing', async () => {
    const h = await member();
    h.backend.override('GET /api/premium.php', { body: { ...offer(), plans: 'none' } });
    await expect(h.api.loadPremiumOffer()).rejects.toMatchObject({ kind: 'validation' });
    expect(await kvGet(h.db, 'premiumOffer')).toBeUndefined();
  });

  it('drops an answer that arrives after the session changed', async () => {
    const h = await member();
    h.backend.override('GET /api/premium.php', async () => {
      // Another tab logged in as someone else while this request was under way.
      await kvPut(h.db, 'session', { memberId: 8, changedAt: Date.now() + 1000 });
      return { body: offer({ premium_until: '2027-01-01T00:00:00.000Z' }) };
    });
    await h.api.loadPremiumOffer();
    expect(await kvGet(h.db, 'premiumOffer')).toBeUndefined();
  });

  it('is personal: logout wipes it', async () => {
    const h = await member();
    h.backend.override('GET /api/premium.php', { body: offer() });
    await h.api.loadPremiumOffer();
    await wipePersonalData(h.db);
    expect(await kvGet(h.db, 'premiumOffer')).toBeUndefined();
  });
});

describe('ledger', () => {
  it('asks for the page it is given and answers it without storing it', async () => {
    const h = await member();
    h.backend.override('GET /api/ledger.php', (request) => ({
      body: ledgerPage(Number(request.query.get('page'))),
    }));
    const second = await h.api.loadLedger(2);
    expect(h.backend.last('GET /api/ledger.php')?.query.get('page')).toBe('2');
    expect(second).toEqual(ledgerPage(2));
    expect((await h.api.loadLedger()).page).toBe(1);
  });

  it('a 403 rejects as auth and makes the worker recheck the user', async () => {
    const h = await member();
    const before = h.backend.count('GET /api/user.php');
    h.backend.override('GET /api/ledger.php', {
      status: 403,
      body: {
        statusCode: 403,
        error: 'Forbidden',
        message: 'Not logged in',
        key: 'auth.not_logged_in',
      },
    });
    await expect(h.api.loadLedger(1)).rejects.toMatchObject({ kind: 'auth', status: 403 });
    await waitFor(() => expect(h.backend.count('GET /api/user.php')).toBeGreaterThan(before));
  });
});

describe('buying premium', () => {
  it('posts product premium, the plan, the method and /premium as the way back', async () => {
    const h = await member();
    const created = transaction({
      id: 77,
      product: 'premium',
      package: 3,
      credits: 0,
      months: 3,
      status: 'created',
      return_to: '/premium',
    });
    h.backend.override('POST /api/transactions.php', {
      status: 201,
      body: { transaction: created, checkout_url: 'https://checkout.example/s/77' },
    });
    const started = await h.api.buyPremium(3, 'ideal');
    expect(started.checkout_url).toBe('https://checkout.example/s/77');
    expect(h.backend.last('POST /api/transactions.php')?.body).toEqual({
      product: 'premium',
      package: 3,
      method: 'ideal',
      return_to: '/premium',
    });
  });

  it('rejects with the server key when the plan is unknown', async () => {
    const h = await member();
    h.backend.override('POST /api/transactions.php', {
      status: 404,
      body: {
        statusCode: 404,
        error: 'Not Found',
        message: 'No such plan',
        key: 'payments.unknown_package',
      },
    });
    await expect(h.api.buyPremium(99, 'card')).rejects.toMatchObject({
      kind: 'http',
      status: 404,
      key: 'payments.unknown_package',
    });
  });
});
