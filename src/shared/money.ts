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

/** Decimal places of a currency's minor unit (EUR 2, JPY 0, BHD 3), as Intl knows them. */
export function minorUnitDigits(currency: string): number {
  const format = new Intl.NumberFormat('en', { style: 'currency', currency });
  return format.resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * Minor units as a plain decimal in major units, for machines rather than people: 1999 EUR →
 * "19.99", -500 EUR → "-5.00", 1200 JPY → "1200". Digits are moved as text, so no float rounding.
 */
export function majorUnitDecimal(amount: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  const sign = amount < 0 ? '-' : '';
  const text = String(Math.abs(Math.trunc(amount))).padStart(digits + 1, '0');
  if (digits === 0) return sign + text;
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
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
