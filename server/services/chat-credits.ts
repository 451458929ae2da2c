/**
 * What a chat message costs in credits. Settings' minimum_message_costs are money per message in
 * the sender's country ({costs: 1.99, currency: 'EUR'}); credits are whole numbers, so a message
 * costs its country's `costs` rounded up to a whole credit (1.99 → 2, 8.49 → 9, 3.00 → 3).
 */
import type { SiteConfig } from '../config';

/** Credits a message costs a sender whose country has no entry (or who has no country): the EUR price, rounded up. */
export const DEFAULT_MESSAGE_CREDITS = 2;

/** Whole credits one message costs a sender from `country`; never negative. */
export function messageCredits(
  costs: SiteConfig['minimum_message_costs'],
  country: string | null,
): number {
  const entry = country === null ? undefined : costs[country.toUpperCase()];
  if (!entry || !Number.isFinite(entry.costs)) return DEFAULT_MESSAGE_CREDITS;
  // Prices carry cents; rounding to cents first keeps float noise (2.0000000001) from adding a credit.
  return Math.max(0, Math.ceil(Math.round(entry.costs * 100) / 100));
}
