/**
 * Prices as a member (or visitor) of one country sees them, from the site config only. Integer
 * arithmetic in minor units throughout; a product without a price in the country's currency is
 * not offered there (never a converted or made-up price).
 */
import type {
  CreditPackage,
  PaymentMethod,
  PremiumPlan,
  ProductKind,
} from '../../src/shared/contract/payments';

/**
 * The parts of the site config (config.ts SiteConfig) pricing reads. Declared here so this pure
 * module, and its unit tests, do not pull in the Node-only config loader.
 */
export interface PricingConfig {
  payment_countries: Record<
    string,
    { currency: string; vat_rate_bp: number; methods: readonly PaymentMethod[] }
  >;
  default_payment_country: string;
  credit_packages: ReadonlyArray<{
    id: number;
    credits: number;
    most_chosen?: boolean;
    prices: Record<string, number>;
  }>;
  premium_plans: ReadonlyArray<{
    id: number;
    months: number;
    monthly_credits: number;
    most_chosen?: boolean;
    prices: Record<string, number>;
  }>;
}

/** `numerator / denominator` rounded half up; both non-negative integers, denominator > 0. */
export function divRoundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** The price after `percent` off: list − round-half-up(list × percent / 100). */
export function applyDiscount(list: number, percent: number): number {
  return list - divRoundHalfUp(list * percent, 100);
}

/** The VAT inside a VAT-included amount: round-half-up(amount × rate / (10000 + rate)). */
export function vatPart(amount: number, rateBp: number): number {
  return divRoundHalfUp(amount * rateBp, 10_000 + rateBp);
}

/** Extra credits of a time bonus: whole credits, rounded down. */
export function bonusCredits(credits: number, percent: number): number {
  return Math.floor((credits * percent) / 100);
}

/** Whole percent (floor, never negative) by which `price`/`units` is cheaper than `basePrice`/`baseUnits`. */
export function savingPercent(
  price: number,
  units: number,
  basePrice: number,
  baseUnits: number,
): number {
  const base = basePrice * units;
  if (base <= 0) return 0;
  const saved = base - price * baseUnits;
  return saved <= 0 ? 0 : Math.floor((100 * saved) / base);
}

/** Currency, VAT and methods of one country. */
export interface CountryTerms {
  country: string;
  currency: string;
  vat_rate_bp: number;
  methods: PaymentMethod[];
}

/** The terms for `country` when the site lists it, else the site's default payment country. */
export function countryTerms(site: PricingConfig, country: string | null): CountryTerms {
  const code = country?.toUpperCase();
  const listed = code ? site.payment_countries[code] : undefined;
  const chosen = listed && code ? code : site.default_payment_country;
  const terms = listed ?? site.payment_countries[site.default_payment_country];
  if (!terms) throw new Error(`default_payment_country ${chosen} has no payment_countries entry`);
  return {
    country: chosen,
    currency: terms.currency,
    vat_rate_bp: terms.vat_rate_bp,
    methods: [...terms.methods],
  };
}

/** What applies to one member's next purchase. */
export interface PurchaseTerms {
  /** Welcome discount percent, or null. */
  discountPercent: number | null;
  /** Time bonus percent, or null. */
  bonusPercent: number | null;
}

/** The credit packages priced in `currency`, discount and bonus applied. */
export function priceCreditPackages(
  site: PricingConfig,
  currency: string,
  terms: PurchaseTerms,
): CreditPackage[] {
  const priced = site.credit_packages.flatMap((p) => {
    const list = p.prices[currency];
    return list === undefined ? [] : [{ p, list }];
  });
  const smallest = priced.reduce<(typeof priced)[number] | undefined>(
    (min, x) => (min === undefined || x.p.credits < min.p.credits ? x : min),
    undefined,
  );
  return priced.map(({ p, list }) => {
    const price = terms.discountPercent ? applyDiscount(list, terms.discountPercent) : list;
    return {
      id: p.id,
      credits: p.credits,
      bonus_credits: terms.bonusPercent ? bonusCredits(p.credits, terms.bonusPercent) : 0,
      price: { amount: price, currency },
      list_price: terms.discountPercent ? { amount: list, currency } : null,
      per_credit: { amount: divRoundHalfUp(list, p.credits), currency },
      saving_percent: smallest
        ? savingPercent(list, p.credits, smallest.list, smallest.p.credits)
        : 0,
      most_chosen: p.most_chosen ?? false,
    };
  });
}

/** The premium plans priced in `currency` (no discount or bonus: those are for credit packages). */
export function pricePremiumPlans(site: PricingConfig, currency: string): PremiumPlan[] {
  const priced = site.premium_plans.flatMap((p) => {
    const price = p.prices[currency];
    return price === undefined ? [] : [{ p, price }];
  });
  const shortest = priced.reduce<(typeof priced)[number] | undefined>(
    (min, x) => (min === undefined || x.p.months < min.p.months ? x : min),
    undefined,
  );
  return priced.map(({ p, price }) => ({
    id: p.id,
    months: p.months,
    price: { amount: price, currency },
    per_month: { amount: divRoundHalfUp(price, p.months), currency },
    monthly_credits: p.monthly_credits,
    saving_percent: shortest
      ? savingPercent(price, p.months, shortest.price, shortest.p.months)
      : 0,
    most_chosen: p.most_chosen ?? false,
  }));
}

/** Every figure a transaction row fixes when it is created. */
export interface Quote {
  product: ProductKind;
  packageId: number;
  credits: number;
  bonusCredits: number;
  months: number;
  monthlyCredits: number;
  amount: number;
  listAmount: number;
  currency: string;
  discountPercent: number;
  vatRateBp: number;
  vatAmount: number;
  country: string;
}

/** The server's price of one product for one country; null when it is not offered there. */
export function quote(
  site: PricingConfig,
  terms: CountryTerms,
  product: ProductKind,
  packageId: number,
  purchase: PurchaseTerms,
): Quote | null {
  const { currency, vat_rate_bp: vatRateBp, country } = terms;
  if (product === 'credits') {
    const p = site.credit_packages.find((x) => x.id === packageId);
    const list = p?.prices[currency];
    if (!p || list === undefined) return null;
    const discount = purchase.discountPercent ?? 0;
    const amount = applyDiscount(list, discount);
    return {
      product,
      packageId,
      credits: p.credits,
      bonusCredits: purchase.bonusPercent ? bonusCredits(p.credits, purchase.bonusPercent) : 0,
      months: 0,
      monthlyCredits: 0,
      amount,
      listAmount: list,
      currency,
      discountPercent: discount,
      vatRateBp,
      vatAmount: vatPart(amount, vatRateBp),
      country,
    };
  }
  const plan = site.premium_plans.find((x) => x.id === packageId);
  const price = plan?.prices[currency];
  if (!plan || price === undefined) return null;
  return {
    product,
    packageId,
    credits: 0,
    bonusCredits: 0,
    months: plan.months,
    monthlyCredits: plan.monthly_credits,
    amount: price,
    listAmount: price,
    currency,
    discountPercent: 0,
    vatRateBp,
    vatAmount: vatPart(price, vatRateBp),
    country,
  };
}
