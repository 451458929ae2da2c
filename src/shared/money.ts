/** Prices and rates as the interface language writes them; amounts arrive in minor units. */
import type { Money } from './contract/payments';
import { intlLocale } from './languages';

/** "€39.99" / "39,99 €" / "39,99 zł": Intl knows how many minor units each currency has. */
export function formatMoney(money: Money, lng: string): string {
  const format = new Intl.NumberFormat(intlLocale(lng), {
    style: 'currency',
    currency: money.currency,
  });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(money.amount / 10 ** digits);
}

/** A whole percentage as the language writes it ("20%", "20 %"). */
export function formatPercent(percent: number, lng: string): string {
  return new Intl.NumberFormat(intlLocale(lng), {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(percent / 100);
}

/** A VAT rate in basis points (2100, 810) as a percentage ("21%", "8.1%"). */
export function formatVatRate(basisPoints: number, lng: string): string {
  return formatPercent(basisPoints / 100, lng);
}
