/**
 * The stats console's table as CSV, made from a StatsResponse alone so the server's download and
 * a copy made offline from a stored answer are the same bytes. One line per row and a last line
 * `total`; the step counts, then per currency (sorted) its gross, refunds and net in major units
 * with a dot (`31.99`). Text cells that a spreadsheet would run as a formula are defused.
 */
import { FUNNEL_STEPS, type StatsResponse, type StatsRow } from './contract/stats';

/** Characters a spreadsheet reads as the start of a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell: defused when it could start a formula, quoted when it holds a separator. */
function textCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** How many minor units a currency's unit has (2 for EUR, 0 for JPY), as Intl knows it. */
function minorDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** Minor units as a decimal in major units: 3199 EUR → `31.99`, -500 → `-5.00`. */
export function majorUnits(amount: number, digits: number): string {
  if (digits === 0) return String(amount);
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  const scale = 10 ** digits;
  const fraction = String(abs % scale).padStart(digits, '0');
  return `${sign}${Math.floor(abs / scale)}.${fraction}`;
}

/** The currencies any row or the totals have money in, sorted. */
function currenciesOf(response: StatsResponse): string[] {
  const all = new Set<string>();
  for (const row of [...response.rows, response.totals]) {
    for (const money of row.revenue) all.add(money.currency);
  }
  return [...all].sort();
}

/** The download's file name, e.g. `stats-2026-12-01-2026-12-06.csv`. */
export function statsCsvFilename(response: Pick<StatsResponse, 'from' | 'to'>): string {
  return `stats-${response.from}-${response.to}.csv`;
}

/** The CSV text (RFC 4180, CRLF line ends) of a stats answer. */
export function statsCsv(response: StatsResponse): string {
  const currencies = currenciesOf(response);
  const digits = new Map(currencies.map((c) => [c, minorDigits(c)]));
  const header = [
    response.group,
    ...FUNNEL_STEPS,
    ...currencies.flatMap((c) => [`gross ${c}`, `refunds ${c}`, `net ${c}`]),
  ].map(textCell);
  const line = (key: string, row: StatsRow) => {
    const money = currencies.flatMap((currency) => {
      const found = row.revenue.find((r) => r.currency === currency);
      const d = digits.get(currency) ?? 2;
      return [found?.gross ?? 0, found?.refunds ?? 0, found?.net ?? 0].map((a) => majorUnits(a, d));
    });
    return [textCell(key), ...FUNNEL_STEPS.map((s) => String(row.counts[s])), ...money].join(',');
  };
  const lines = [
    header.join(','),
    ...response.rows.map((row) => line(row.key, row)),
    line('total', response.totals),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
