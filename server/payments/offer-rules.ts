/**
 * Who gets the welcome discount and the time bonus. Both are decided when a transaction is
 * created and fixed into its row, so a later payment never changes what was agreed.
 */
import type { Discount } from '../../src/shared/contract/payments';
import type { PurchaseTerms } from './pricing';

/** The parts of the site config (config.ts SiteConfig) these rules read. */
export interface OfferConfig {
  welcome_discount: { code: string; percentage: number } | null;
  time_bonus: { percentage: number; hours_after_signup: number } | null;
}

/** What the rules need to know about the buyer. */
export interface BuyerHistory {
  /** Signed up at (ms). */
  signupDate: number;
  /** Has any paid or refunded transaction: the welcome is over. */
  hasPaid: boolean;
}

/** The welcome discount while the member has never paid; null otherwise or when the site has none. */
export function welcomeDiscount(site: OfferConfig, buyer: BuyerHistory): Discount | null {
  const d = site.welcome_discount;
  return d && !buyer.hasPaid ? { code: d.code, percentage: d.percentage } : null;
}

/** The running time bonus and when it ends (ms), or null once the window has passed. */
export function timeBonus(
  site: OfferConfig,
  buyer: BuyerHistory,
  now: number,
): { percentage: number; endsAt: number } | null {
  const b = site.time_bonus;
  if (!b) return null;
  const endsAt = buyer.signupDate + Math.round(b.hours_after_signup * 3_600_000);
  return now < endsAt ? { percentage: b.percentage, endsAt } : null;
}

/** Discount and bonus percentages for a purchase made now. */
export function purchaseTerms(site: OfferConfig, buyer: BuyerHistory, now: number): PurchaseTerms {
  return {
    discountPercent: welcomeDiscount(site, buyer)?.percentage ?? null,
    bonusPercent: timeBonus(site, buyer, now)?.percentage ?? null,
  };
}
