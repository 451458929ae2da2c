/**
 * Contract-valid credits offers and purchases, and the payment routes on the fake backend: a
 * purchase store where the test decides when a checkout turns paid.
 */
import type {
  CreditPackage,
  CreditsOffer,
  Money,
  PaymentMethod,
  Transaction,
} from '../../../src/shared/contract/payments';
import type { FakeBackend } from './fake-backend';

const eur = (amount: number): Money => ({ amount, currency: 'EUR' });

/** One package in euros, priced like the site config. */
export function creditPackage(
  id: number,
  credits: number,
  cents: number,
  overrides: Partial<CreditPackage> = {},
): CreditPackage {
  return {
    id,
    credits,
    bonus_credits: 0,
    price: eur(cents),
    list_price: null,
    per_credit: eur(Math.round(cents / credits)),
    saving_percent: 0,
    most_chosen: false,
    ...overrides,
  };
}

/** The Dutch offer of the demo site: four packages, card and iDEAL. */
export function creditsOffer(overrides: Partial<CreditsOffer> = {}): CreditsOffer {
  return {
    country: 'NL',
    currency: 'EUR',
    vat_rate_bp: 2100,
    balance: 0,
    debt: 0,
    message_credits: 1,
    packages: [
      creditPackage(1, 10, 999),
      creditPackage(2, 25, 2249, { saving_percent: 10 }),
      creditPackage(3, 50, 3999, { saving_percent: 20, most_chosen: true }),
      creditPackage(4, 100, 6999, { saving_percent: 30 }),
    ],
    methods: ['card', 'ideal'],
    discount: null,
    time_bonus: null,
    last_order: null,
    ...overrides,
  };
}

/** A purchase of package 3 (50 credits) with iDEAL. */
export function transaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: 42,
    reference: 'AM-000042',
    product: 'credits',
    package: 3,
    credits: 50,
    bonus_credits: 0,
    months: 0,
    status: 'pending',
    method: 'ideal',
    amount: eur(3999),
    list_amount: eur(3999),
    discount_percent: 0,
    vat_rate_bp: 2100,
    vat_amount: 694,
    country: 'NL',
    created_at: '2026-11-25T10:00:00.000Z',
    paid_at: null,
    updated_at: '2026-11-25T10:00:00.000Z',
    return_to: '/chats/1',
    balance: 0,
    ...overrides,
  };
}

const notFound = {
  status: 404,
  body: { statusCode: 404, error: 'Not Found', message: 'No such transaction', key: 'not_found' },
};

/** The payment routes over one purchase store; `pay(id)` is the provider's webhook. */
export function installPayments(backend: FakeBackend, offer: CreditsOffer = creditsOffer()) {
  const store = new Map<number, Transaction>();
  const state = { offer, nextId: 42 };
  backend.override('GET /api/credits.php', () => ({
    body: { ...state.offer, balance: backend.user?.credits ?? 0 },
  }));
  backend.override('POST /api/transactions.php', (request) => {
    const body = request.body as { package: number; method: PaymentMethod; return_to?: string };
    const id = state.nextId++;
    const created = transaction({
      id,
      reference: `AM-${String(id).padStart(6, '0')}`,
      package: body.package,
      method: body.method,
      status: 'created',
      return_to: body.return_to ?? null,
    });
    store.set(id, created);
    return {
      status: 201,
      body: { transaction: created, checkout_url: `/api/payments/demo.php?id=${id}` },
    };
  });
  backend.override('GET /api/transactions.php', (request) => {
    const found = store.get(Number(request.query.get('id')));
    return found ? { body: found } : notFound;
  });
  backend.override('PUT /api/transactions.php', (request) => {
    const found = store.get((request.body as { id: number }).id);
    if (!found) return notFound;
    if (found.status === 'created' || found.status === 'pending') {
      store.set(found.id, { ...found, status: 'cancelled' });
    }
    return { body: store.get(found.id) };
  });
  return {
    store,
    state,
    /** The provider reports the payment: credits land on the account. */
    pay(id: number) {
      const found = store.get(id);
      if (!found || !backend.user) return;
      const credits = backend.user.credits + found.credits + found.bonus_credits;
      backend.user = { ...backend.user, credits };
      store.set(id, { ...found, status: 'paid', paid_at: found.updated_at, balance: credits });
    },
  };
}
