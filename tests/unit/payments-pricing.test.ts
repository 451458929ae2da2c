/** Pricing per country, discount and bonus arithmetic, VAT: integer minor units, no made-up prices. */
import { describe, expect, it } from 'vitest';
import { addMonthsUtc } from '../../server/payments/calendar';
import {
  purchaseTerms,
  timeBonus,
  welcomeDiscount,
  type OfferConfig,
} from '../../server/payments/offer-rules';
import siteJson from '../../server/site.config.json';
import {
  applyDiscount,
  bonusCredits,
  countryTerms,
  divRoundHalfUp,
  type PricingConfig,
  priceCreditPackages,
  pricePremiumPlans,
  quote,
  savingPercent,
  vatPart,
} from '../../server/payments/pricing';

/** The shipped site config (its packages, plans and countries are what these figures are about). */
const site = siteJson as PricingConfig & OfferConfig;
const NONE = { discountPercent: null, bonusPercent: null };

describe('integer arithmetic', () => {
  it('rounds half up', () => {
    expect(divRoundHalfUp(5, 2)).toBe(3);
    expect(divRoundHalfUp(4, 3)).toBe(1);
    expect(divRoundHalfUp(5, 3)).toBe(2);
    expect(divRoundHalfUp(0, 7)).toBe(0);
  });

  it('takes a discount off as list − round-half-up(list × pct / 100)', () => {
    expect(applyDiscount(999, 20)).toBe(799); // 199.8 → 200 off
    expect(applyDiscount(3999, 20)).toBe(3199); // 799.8 → 800 off
    expect(applyDiscount(1, 50)).toBe(0); // 0.5 → 1 off
    expect(applyDiscount(4299, 0)).toBe(4299);
  });

  it('finds the VAT inside a VAT-included amount', () => {
    expect(vatPart(3999, 2100)).toBe(694); // 3999 × 21 / 121 = 694.05
    expect(vatPart(1210, 2100)).toBe(210);
    expect(vatPart(999, 0)).toBe(0);
    expect(vatPart(4499, 810)).toBe(337); // 4499 × 810 / 10810 = 337.12
    expect(vatPart(1, 10_000)).toBe(1); // 0.5 rounds up
  });

  it('gives whole bonus credits, rounded down', () => {
    expect(bonusCredits(10, 20)).toBe(2);
    expect(bonusCredits(25, 20)).toBe(5);
    expect(bonusCredits(7, 20)).toBe(1);
    expect(bonusCredits(4, 20)).toBe(0);
  });

  it('computes savings per unit, floored and never negative', () => {
    // 25 credits for 2249 vs 10 for 999: 89.96 vs 99.9 per credit → 9.95 % → 9
    expect(savingPercent(2249, 25, 999, 10)).toBe(9);
    expect(savingPercent(999, 10, 999, 10)).toBe(0);
    expect(savingPercent(1200, 10, 999, 10)).toBe(0);
  });

  it('adds calendar months in UTC, clamping the day', () => {
    expect(new Date(addMonthsUtc(Date.UTC(2026, 0, 31, 12), 1)).toISOString()).toBe(
      '2026-02-28T12:00:00.000Z',
    );
    expect(new Date(addMonthsUtc(Date.UTC(2028, 0, 31), 1)).toISOString()).toBe(
      '2028-02-29T00:00:00.000Z',
    );
    expect(new Date(addMonthsUtc(Date.UTC(2026, 10, 15), 12)).toISOString()).toBe(
      '2027-11-15T00:00:00.000Z',
    );
    expect(new Date(addMonthsUtc(Date.UTC(2026, 2, 31), -1)).toISOString()).toBe(
      '2026-02-28T00:00:00.000Z',
    );
  });
});

describe('country terms', () => {
  it('uses the country when listed, else the default payment country', () => {
    expect(countryTerms(site, 'PL')).toEqual({
      country: 'PL',
      currency: 'PLN',
      vat_rate_bp: 2300,
      methods: ['card', 'blik', 'p24'],
    });
    expect(countryTerms(site, 'gb').currency).toBe('GBP');
    expect(countryTerms(site, 'JP').country).toBe(site.default_payment_country);
    expect(countryTerms(site, null).country).toBe(site.default_payment_country);
  });
});

describe('credit packages', () => {
  it('prices every package in the currency, per credit and saving against the smallest', () => {
    const packs = priceCreditPackages(site, 'EUR', NONE);
    expect(packs.map((p) => p.price)).toEqual([
      { amount: 999, currency: 'EUR' },
      { amount: 2249, currency: 'EUR' },
      { amount: 3999, currency: 'EUR' },
      { amount: 6999, currency: 'EUR' },
    ]);
    expect(packs.map((p) => p.list_price)).toEqual([null, null, null, null]);
    expect(packs.map((p) => p.per_credit.amount)).toEqual([100, 90, 80, 70]);
    expect(packs.map((p) => p.saving_percent)).toEqual([0, 9, 19, 29]);
    expect(packs.map((p) => p.bonus_credits)).toEqual([0, 0, 0, 0]);
    expect(packs.find((p) => p.most_chosen)?.id).toBe(3);
  });

  it('applies a discount to price and shows the list price; a bonus adds credits', () => {
    const packs = priceCreditPackages(site, 'GBP', { discountPercent: 20, bonusPercent: 20 });
    expect(packs[0]).toMatchObject({
      price: { amount: 719, currency: 'GBP' },
      list_price: { amount: 899, currency: 'GBP' },
      bonus_credits: 2,
    });
    expect(packs.map((p) => p.bonus_credits)).toEqual([2, 5, 10, 20]);
  });

  it('leaves out a package without a price in the currency', () => {
    const partial: PricingConfig = {
      ...site,
      credit_packages: [...site.credit_packages, { id: 9, credits: 500, prices: { EUR: 29999 } }],
    };
    expect(priceCreditPackages(partial, 'EUR', NONE).map((p) => p.id)).toContain(9);
    expect(priceCreditPackages(partial, 'PLN', NONE).map((p) => p.id)).not.toContain(9);
    const pl = countryTerms(partial, 'PL');
    expect(quote(partial, pl, 'credits', 9, NONE)).toBeNull();
    expect(quote(partial, countryTerms(partial, 'DE'), 'credits', 9, NONE)?.amount).toBe(29999);
  });
});

describe('premium plans', () => {
  it('prices per month and the saving against the 1-month plan', () => {
    const plans = pricePremiumPlans(site, 'EUR');
    const one = plans.find((p) => p.months === 1)!;
    const three = plans.find((p) => p.months === 3)!;
    const twelve = plans.find((p) => p.months === 12)!;
    expect(one.saving_percent).toBe(0);
    expect(three.per_month.amount).toBe(Math.floor((2 * 4499 + 3) / 6));
    expect(three.saving_percent).toBe(
      Math.floor((100 * (3 * one.price.amount - 4499)) / (3 * one.price.amount)),
    );
    expect(twelve.per_month).toEqual({ amount: 1000, currency: 'EUR' }); // 11999 / 12 = 999.92
  });
});

describe('quotes', () => {
  it('fixes amount, VAT, credits and bonus for a credits purchase', () => {
    const q = quote(site, countryTerms(site, 'NL'), 'credits', 3, {
      discountPercent: 20,
      bonusPercent: 20,
    });
    expect(q).toMatchObject({
      amount: 3199,
      listAmount: 3999,
      discountPercent: 20,
      credits: 50,
      bonusCredits: 10,
      vatRateBp: 2100,
      vatAmount: vatPart(3199, 2100),
      currency: 'EUR',
      country: 'NL',
    });
  });

  it('prices premium without discount or bonus, with months and monthly credits', () => {
    const q = quote(site, countryTerms(site, 'US'), 'premium', 3, {
      discountPercent: 20,
      bonusPercent: 20,
    });
    expect(q).toMatchObject({
      amount: 4999,
      listAmount: 4999,
      discountPercent: 0,
      bonusCredits: 0,
      months: 3,
      monthlyCredits: 10,
      vatAmount: 0,
      currency: 'USD',
    });
  });

  it('answers null for an unknown package or plan', () => {
    expect(quote(site, countryTerms(site, 'NL'), 'credits', 99, NONE)).toBeNull();
    expect(quote(site, countryTerms(site, 'NL'), 'premium', 2, NONE)).toBeNull();
  });
});

describe('welcome discount and time bonus', () => {
  const signup = Date.UTC(2026, 10, 1);
  it('gives the welcome discount only before the first paid purchase', () => {
    expect(welcomeDiscount(site, { signupDate: signup, hasPaid: false })).toEqual({
      code: 'WELCOME20',
      percentage: 20,
    });
    expect(welcomeDiscount(site, { signupDate: signup, hasPaid: true })).toBeNull();
    expect(
      welcomeDiscount({ ...site, welcome_discount: null }, { signupDate: signup, hasPaid: false }),
    ).toBeNull();
  });

  it('runs the time bonus until signup + hours_after_signup', () => {
    const buyer = { signupDate: signup, hasPaid: true };
    const end = signup + 48 * 3_600_000;
    expect(timeBonus(site, buyer, end - 1)).toEqual({ percentage: 20, endsAt: end });
    expect(timeBonus(site, buyer, end)).toBeNull();
    expect(purchaseTerms(site, buyer, end - 1)).toEqual({
      discountPercent: null,
      bonusPercent: 20,
    });
    expect(purchaseTerms(site, { ...buyer, hasPaid: false }, end + 1)).toEqual({
      discountPercent: 20,
      bonusPercent: null,
    });
  });
});
