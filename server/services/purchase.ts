/**
 * Offers and new purchases. Every price, amount, currency and credit count comes from the site
 * config through payments/pricing.ts; the client only names a product, a package and a method.
 */
import type { FastifyInstance } from 'fastify';
import type {
  CheckoutStarted,
  CreateTransactionBody,
  CreditsOffer,
  PaymentMethod,
  PremiumOffer,
} from '../../src/shared/contract/payments';
import { HttpError, notLoggedIn } from '../lib/http-error';
import { purchaseTerms, timeBonus, welcomeDiscount } from '../payments/offer-rules';
import { countryTerms, priceCreditPackages, pricePremiumPlans, quote } from '../payments/pricing';
import type { Buyer } from '../repositories/transactions.repository';
import { messageCredits } from './chat-credits';
import { applyReport } from './payment-events';
import { itemName, languageOf, toTransaction, transactionReference } from './transaction-view';

/** A checkout stays open this long; a row still open after it reads as expired. */
export const TRANSACTION_TTL_MS = 60 * 60 * 1000;

async function requireBuyer(app: FastifyInstance, memberId: number): Promise<Buyer> {
  const buyer = await app.repos.transactions.buyer(memberId);
  if (!buyer) throw notLoggedIn();
  return buyer;
}

async function historyOf(app: FastifyInstance, buyer: Buyer) {
  return { signupDate: buyer.signupDate, hasPaid: await app.repos.transactions.hasPaid(buyer.id) };
}

/** GET /api/credits.php for the member. */
export async function creditsOffer(
  app: FastifyInstance,
  memberId: number,
  now: number,
): Promise<CreditsOffer> {
  const site = app.site.config;
  const buyer = await requireBuyer(app, memberId);
  const history = await historyOf(app, buyer);
  const terms = countryTerms(site, buyer.country);
  const bonus = timeBonus(site, history, now);
  const last = await app.repos.transactions.lastPaidCredits(memberId);
  return {
    country: terms.country,
    currency: terms.currency,
    vat_rate_bp: terms.vat_rate_bp,
    balance: buyer.credits,
    debt: buyer.debt,
    message_credits: messageCredits(site.minimum_message_costs, buyer.country),
    packages: priceCreditPackages(site, terms.currency, purchaseTerms(site, history, now)),
    methods: terms.methods,
    discount: welcomeDiscount(site, history),
    time_bonus: bonus && {
      percentage: bonus.percentage,
      ends_at: new Date(bonus.endsAt).toISOString(),
    },
    last_order: last && { package: last.package, method: last.method as PaymentMethod },
  };
}

/** GET /api/premium.php for a member, or for a visitor (the site's default payment country). */
export async function premiumOffer(
  app: FastifyInstance,
  memberId: number | null,
): Promise<PremiumOffer> {
  const site = app.site.config;
  const buyer = memberId === null ? undefined : await app.repos.transactions.buyer(memberId);
  const terms = countryTerms(site, buyer?.country ?? null);
  return {
    country: terms.country,
    currency: terms.currency,
    vat_rate_bp: terms.vat_rate_bp,
    plans: pricePremiumPlans(site, terms.currency),
    methods: terms.methods,
    // Null once premium has ended: the contract's "null when not premium".
    premium_until:
      buyer?.premiumUntil != null && buyer.premiumUntil > Date.now()
        ? new Date(buyer.premiumUntil).toISOString()
        : null,
  };
}

/**
 * POST /api/transactions.php: stores the purchase with the server's figures, opens the provider's
 * checkout and answers where to pay. A provider that fails leaves the row failed and answers 409.
 */
export async function startPurchase(
  app: FastifyInstance,
  memberId: number,
  body: CreateTransactionBody,
  origin: string,
  now: number,
): Promise<CheckoutStarted> {
  const site = app.site.config;
  const buyer = await requireBuyer(app, memberId);
  const history = await historyOf(app, buyer);
  const terms = countryTerms(site, buyer.country);
  if (!terms.methods.includes(body.method)) {
    throw new HttpError(
      400,
      'This payment method is not offered in your country',
      'payments.method_unavailable',
    );
  }
  const figures = quote(site, terms, body.product, body.package, purchaseTerms(site, history, now));
  if (!figures) {
    throw new HttpError(400, 'There is no such package', 'payments.unknown_package');
  }
  const provider = app.payments.default;
  const id = await app.repos.transactions.create({
    member_id: memberId,
    product: figures.product,
    package_id: figures.packageId,
    credits: figures.credits,
    bonus_credits: figures.bonusCredits,
    months: figures.months,
    monthly_credits: figures.monthlyCredits,
    amount: figures.amount,
    list_amount: figures.listAmount,
    currency: figures.currency,
    discount_percent: figures.discountPercent,
    discount_code: figures.discountPercent > 0 ? (site.welcome_discount?.code ?? null) : null,
    vat_rate_bp: figures.vatRateBp,
    vat_amount: figures.vatAmount,
    country: figures.country,
    method: body.method,
    status: 'created',
    provider: provider.name,
    provider_ref: null,
    provider_payment_id: null,
    return_to: body.return_to ?? null,
    created_at: now,
    updated_at: now,
    expires_at: now + TRANSACTION_TTL_MS,
    paid_at: null,
    granted_at: null,
    refunded_at: null,
  });
  const row = await app.repos.transactions.get(id);
  if (!row) throw new Error(`transaction ${id} vanished`);
  const language = languageOf(buyer.language);
  let checkout;
  try {
    checkout = await provider.createCheckout({
      transactionId: id,
      reference: transactionReference(site.name, id),
      description: itemName(row, language),
      amount: row.amount,
      currency: row.currency,
      method: body.method,
      customerEmail: buyer.email,
      locale: language,
      successUrl: `${origin}/transactions/${id}`,
      cancelUrl: `${origin}/transactions/${id}?cancelled=1`,
      expiresAt: row.expires_at,
    });
  } catch (err) {
    app.log.warn({ err, transaction: id, provider: provider.name }, 'payments: checkout failed');
    await applyReport(
      app,
      provider,
      {
        eventId: null,
        ref: null,
        paymentId: null,
        outcome: 'failed',
        amount: null,
        currency: null,
      },
      { transactionId: id, origin },
    );
    throw new HttpError(
      409,
      'The payment service is not available, please try again later',
      'payments.provider_unavailable',
    );
  }
  await app.repos.transactions.checkoutOpened(id, checkout.ref, Date.now());
  const opened = (await app.repos.transactions.get(id)) ?? row;
  return {
    transaction: toTransaction(opened, site.name, buyer.credits),
    checkout_url: checkout.url,
  };
}
