/** Money for people: minor units shown in the currency's own format for a language. */

/** Digits after the decimal point of `currency` (2 for EUR, 0 for JPY), as Intl knows them. */
export function minorDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** `amount` minor units of `currency` formatted for `locale` ("€ 39,99" in nl, "€39.99" in en). */
export function formatMoney(amount: number, currency: string, locale: string): string {
  const digits = minorDigits(currency);
  const value = amount / 10 ** digits;
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(value);
  } catch {
    return `${value.toFixed(digits)} ${currency}`;
  }
}

/** A VAT rate in basis points as a percentage for `locale` (2100 → "21%", 810 → "8.1%"). */
export function formatVatRate(rateBp: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    rateBp / 10_000,
  );
}
